import { TriangleAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { StaffWarning } from '@shared/api/training-events';
import { formatDateTime, withReadableDates } from '../../lib/format';

/**
 * The warnings written to a record about the people it names: an instructor or evaluator not
 * current on the event's date, not designated for its course, or with no file. They stay on the
 * record (each with the version it was raised on) even after the file is put in order.
 */
const ROLE_WORDS: Record<StaffWarning['role'], string> = {
  instructor: 'warnings.roles.instructor',
  evaluator: 'warnings.roles.evaluator',
  device: 'warnings.roles.device',
};

export function StaffWarnings({ warnings }: { warnings: readonly StaffWarning[] }) {
  const { t } = useTranslation('records');
  if (warnings.length === 0) return null;
  return (
    <section
      aria-labelledby="staff-warnings-title"
      className="rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-950"
    >
      <h3 id="staff-warnings-title" className="flex items-center gap-2 font-semibold">
        <TriangleAlert aria-hidden className="size-5 text-amber-700" />
        {t('warnings.title', { count: warnings.length })}
      </h3>
      <ul className="mt-2 grid gap-2 text-sm">
        {warnings.map((w, i) => (
          <li key={`${w.version}-${w.role}-${w.kind}-${i}`} className="grid gap-0.5">
            <p>
              <span className="font-medium">{w.paragraph}</span> · {withReadableDates(w.message)}.
            </p>
            <p className="text-xs text-amber-800">
              {t('warnings.meta', {
                role: t(ROLE_WORDS[w.role]),
                version: w.version,
                date: formatDateTime(w.createdAt),
              })}
              {w.instructorFileId && (
                <>
                  {' · '}
                  <Link
                    className="underline underline-offset-2"
                    to={`/instructors/${w.instructorFileId}`}
                  >
                    {t('warnings.openFile', { person: w.person })}
                  </Link>
                </>
              )}
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}
