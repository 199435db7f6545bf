import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { RegulatoryAlert } from '@shared/api/regulatory';
import { changeHref, checklistItemHref, recordHref } from './regulatory';

/** The checklist items, records and change an alert concerns, each a link. */
export function AlertLinks({ alert }: { alert: RegulatoryAlert }) {
  const { t } = useTranslation('regulatory');
  const hasAny = alert.checklistItems.length > 0 || alert.recordIds.length > 0 || alert.changeId;
  if (!hasAny) return null;
  return (
    <ul className="flex flex-wrap gap-x-3 gap-y-1 text-sm" aria-label={t('alert.concerns')}>
      {alert.checklistItems.map((n) => (
        <li key={`item-${n}`}>
          <Link
            to={checklistItemHref(n)}
            className="text-primary underline decoration-primary/40 underline-offset-4 hover:decoration-primary"
          >
            {t('alert.checklistItem', { number: n })}
          </Link>
        </li>
      ))}
      {alert.recordIds.map((id, i) => (
        <li key={`record-${id}`}>
          <Link
            to={recordHref(id)}
            className="text-primary underline decoration-primary/40 underline-offset-4 hover:decoration-primary"
          >
            {alert.recordIds.length > 1
              ? t('alert.recordNumbered', { number: i + 1 })
              : t('alert.record')}
          </Link>
        </li>
      ))}
      {alert.changeId && (
        <li>
          <Link
            to={changeHref(alert.changeId)}
            className="text-primary underline decoration-primary/40 underline-offset-4 hover:decoration-primary"
          >
            {t('alert.change')}
          </Link>
        </li>
      )}
    </ul>
  );
}
