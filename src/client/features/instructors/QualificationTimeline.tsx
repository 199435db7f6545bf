import { QUALIFICATION_LABELS, type Qualification } from '@shared/api/instructors';
import { formatDate } from '../../lib/format';
import { Evidence } from './Evidence';

/** The dated events of the file, newest first as the server sends them, each with its evidence. */
export function QualificationTimeline({ qualifications }: { qualifications: Qualification[] }) {
  if (qualifications.length === 0) {
    return <p className="text-sm text-muted-foreground">No qualification recorded yet.</p>;
  }
  return (
    <ol aria-label="Qualifications, newest first" className="grid gap-4 border-l pl-4">
      {qualifications.map((q) => (
        <li key={q.id} className="relative grid gap-1">
          <span
            aria-hidden
            className="absolute top-1.5 -left-[1.3rem] size-2.5 rounded-full bg-primary"
          />
          <span className="text-xs text-muted-foreground">
            <time dateTime={q.completedAt}>{formatDate(q.completedAt)}</time> · 14 CFR {q.paragraph}
          </span>
          <span className="text-sm font-medium">{QUALIFICATION_LABELS[q.kind]}</span>
          {(q.course || q.device) && (
            <span className="text-xs">{[q.course, q.device].filter(Boolean).join(' · ')}</span>
          )}
          <Evidence documentId={q.documentId} trainingEventId={q.trainingEventId} />
        </li>
      ))}
    </ol>
  );
}
