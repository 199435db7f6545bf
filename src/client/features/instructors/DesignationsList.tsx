import { useTranslation } from 'react-i18next';
import type { Designation } from '@shared/api/instructors';
import { formatDate } from '../../lib/format';
import { Evidence } from './Evidence';

/** The courses (and devices) the person is designated for in writing, 14 CFR 142.47(b). */
export function DesignationsList({ designations }: { designations: Designation[] }) {
  const { t } = useTranslation('instructors');
  if (designations.length === 0) {
    return (
      <p className="text-sm text-muted-foreground">
        {t('designations.none', { kind: t('qualifications.designation_142_47_b') })}
      </p>
    );
  }
  return (
    <ul aria-label={t('designations.label')} className="grid gap-3">
      {designations.map((d) => (
        <li key={d.id} className="grid gap-1 rounded-md border p-3">
          <span className="font-medium">
            {d.course}
            {d.device && <span className="font-normal text-muted-foreground"> · {d.device}</span>}
          </span>
          <span className="text-xs text-muted-foreground">
            {t('designations.designatedOn', { date: formatDate(d.designatedAt) })}
          </span>
          <Evidence {...d.evidence} />
        </li>
      ))}
    </ul>
  );
}
