import { useTranslation } from 'react-i18next';
import type { Qualification } from '@shared/api/instructors';
import { formatDate } from '../../lib/format';
import { Evidence } from './Evidence';

/** The dated events of the file, newest first as the server sends them, each with its evidence. */
export function QualificationTimeline({ qualifications }: { qualifications: Qualification[] }) {
  const { t } = useTranslation('instructors');
  if (qualifications.length === 0) {
    return <p className="text-sm text-muted-foreground">{t('timeline.none')}</p>;
  }
  return (
    <ol aria-label={t('timeline.label')} className="grid gap-4 border-l pl-4">
      {qualifications.map((q) => (
        <li key={q.id} className="relative grid gap-1">
          <span
            aria-hidden
            className="absolute top-1.5 -left-[1.3rem] size-2.5 rounded-full bg-primary"
          />
          <span className="text-xs text-muted-foreground">
            <time dateTime={q.completedAt}>{formatDate(q.completedAt)}</time> ·{' '}
            {t('cfr', { paragraph: q.paragraph })}
          </span>
          <span className="text-sm font-medium">{t(`qualifications.${q.kind}`)}</span>
          {(q.course || q.device) && (
            <span className="text-xs">{[q.course, q.device].filter(Boolean).join(' · ')}</span>
          )}
          <Evidence documentId={q.documentId} trainingEventId={q.trainingEventId} />
        </li>
      ))}
    </ol>
  );
}
