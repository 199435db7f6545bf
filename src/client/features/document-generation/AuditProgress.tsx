import { useTranslation } from 'react-i18next';
import type { GenerationRun } from '@shared/api/document-generation';
import { Progress } from '../../components/ui/misc';
import { formatWholePercent } from '../../lib/format';

/** The running audit's phase and progress as the server reports them. */
export function AuditProgress({ run }: { run: GenerationRun | null }) {
  const { t } = useTranslation('document-generation');
  const progress = run?.progress ?? 0;
  // The phase is the server's words; until the run exists, ours.
  const phase = run?.phase ?? t('progress.starting');
  return (
    <div className="grid gap-2" aria-live="polite">
      <div className="flex items-baseline justify-between gap-3 text-sm">
        <span className="font-medium" data-testid="audit-phase">
          {phase}…
        </span>
        <span className="tabular-nums text-muted-foreground">{formatWholePercent(progress)}</span>
      </div>
      <Progress value={progress} label={t('progress.label')} />
    </div>
  );
}
