import { AlertTriangle, CircleCheck, CircleHelp, OctagonAlert } from 'lucide-react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { ComplianceReport } from '@shared/api/regulatory';
import { formatDateTime } from '../../lib/format';
import { cn } from '../../lib/utils';

/** Each status's look; its title is `banner.title.<status>` in the regulatory catalogue. */
const STYLES = {
  compliant: {
    icon: CircleCheck,
    box: 'border-green-200 bg-green-50',
    iconBox: 'bg-green-100 text-green-800',
  },
  warning: {
    icon: AlertTriangle,
    box: 'border-amber-200 bg-amber-50',
    iconBox: 'bg-amber-100 text-amber-800',
  },
  'non-compliant': {
    icon: OctagonAlert,
    box: 'border-red-200 bg-red-50',
    iconBox: 'bg-red-100 text-red-800',
  },
  unknown: {
    icon: CircleHelp,
    box: 'bg-card',
    iconBox: 'bg-muted text-muted-foreground',
  },
} as const;

function lastReachedText(t: TFunction, report: ComplianceReport): string {
  const reached = report.sourceStatus.lastReachedAt ?? report.lastReached;
  return reached
    ? t('regulatory:banner.lastReached', { date: formatDateTime(reached) })
    : t('regulatory:banner.neverReached');
}

/**
 * The overall status. `unknown` never reads as compliant: it gives the server's reason and when
 * the regulation source was last reached.
 */
export function StatusBanner({ report }: { report: ComplianceReport }) {
  const { t } = useTranslation('regulatory');
  const style = STYLES[report.overallStatus];
  const source = report.sourceStatus;
  const sourceTrouble = source.state !== 'ok';
  const recommendations = report.recommendations.filter((r) => r !== source.message);
  return (
    <section
      aria-label={t('banner.label')}
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
          {t(`banner.title.${report.overallStatus}`)}
        </p>
        {report.overallStatus === 'unknown' && (
          <p className="text-sm">{source.message || t('banner.noText')}</p>
        )}
        {report.overallStatus !== 'unknown' && sourceTrouble && (
          <p className="text-sm">{t('banner.storedEarlier', { message: source.message })}</p>
        )}
        {(report.overallStatus === 'unknown' || sourceTrouble) && (
          <p className="text-sm text-muted-foreground">{lastReachedText(t, report)}</p>
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
