import type { GenerationRun } from '@shared/api/document-generation';
import { Progress } from '../../components/ui/misc';

/** The running audit's phase and progress as the server reports them. */
export function AuditProgress({ run }: { run: GenerationRun | null }) {
  const progress = run?.progress ?? 0;
  const phase = run?.phase ?? 'Starting the audit';
  return (
    <div className="grid gap-2" aria-live="polite">
      <div className="flex items-baseline justify-between gap-3 text-sm">
        <span className="font-medium" data-testid="audit-phase">
          {phase}…
        </span>
        <span className="tabular-nums text-muted-foreground">{progress}%</span>
      </div>
      <Progress value={progress} label="Audit progress" />
    </div>
  );
}
