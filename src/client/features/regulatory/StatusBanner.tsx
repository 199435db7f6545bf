import { AlertTriangle, CircleCheck, CircleHelp, OctagonAlert } from 'lucide-react';
import type { ComplianceReport } from '@shared/api/regulatory';
import { formatDateTime } from '../../lib/format';
import { cn } from '../../lib/utils';

const STYLES = {
  compliant: {
    icon: CircleCheck,
    box: 'border-green-200 bg-green-50',
    iconBox: 'bg-green-100 text-green-800',
    title: 'All tracked regulations are compliant',
  },
  warning: {
    icon: AlertTriangle,
    box: 'border-amber-200 bg-amber-50',
    iconBox: 'bg-amber-100 text-amber-800',
    title: 'Changes are pending review',
  },
  'non-compliant': {
    icon: OctagonAlert,
    box: 'border-red-200 bg-red-50',
    iconBox: 'bg-red-100 text-red-800',
    title: 'Non-compliant: immediate attention is required',
  },
  unknown: {
    icon: CircleHelp,
    box: 'bg-card',
    iconBox: 'bg-muted text-muted-foreground',
    title: 'Compliance status unknown',
  },
} as const;

function lastReachedText(report: ComplianceReport): string {
  const reached = report.sourceStatus.lastReachedAt ?? report.lastReached;
  return reached
    ? `The source was last reached ${formatDateTime(reached)}.`
    : 'The source has not been reached yet.';
}

/**
 * The overall status. `unknown` never reads as compliant: it gives the server's reason and when
 * the regulation source was last reached.
 */
export function StatusBanner({ report }: { report: ComplianceReport }) {
  const style = STYLES[report.overallStatus];
  const source = report.sourceStatus;
  const sourceTrouble = source.state !== 'ok';
  const recommendations = report.recommendations.filter((r) => r !== source.message);
  return (
    <section
      aria-label="Overall compliance status"
      className={cn('flex gap-3 rounded-lg border p-4 shadow-sm', style.box)}
    >
      <span
        className={cn(
          'flex size-10 shrink-0 items-center justify-center rounded-full',
          style.iconBox,
        )}
      >
        <style.icon aria-hidden className="size-5" />
      </span>
      <div className="grid min-w-0 gap-1">
        <p className="font-semibold" role="status">
          {style.title}
        </p>
        {report.overallStatus === 'unknown' && (
          <p className="text-sm">{source.message || 'No regulation text has been stored yet.'}</p>
        )}
        {report.overallStatus !== 'unknown' && sourceTrouble && (
          <p className="text-sm">
            {source.message} The status below is computed from the text stored earlier.
          </p>
        )}
        {(report.overallStatus === 'unknown' || sourceTrouble) && (
          <p className="text-sm text-muted-foreground">{lastReachedText(report)}</p>
        )}
        {recommendations.length > 0 && (
          <ul className="mt-1 list-disc pl-5 text-sm text-muted-foreground">
            {recommendations.map((r) => (
              <li key={r}>{r}</li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
