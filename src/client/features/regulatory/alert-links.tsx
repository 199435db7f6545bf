import { Link } from 'react-router';
import type { RegulatoryAlert } from '@shared/api/regulatory';
import { changeHref, checklistItemHref, recordHref } from './regulatory';

/** The checklist items, records and change an alert concerns, each a link. */
export function AlertLinks({ alert }: { alert: RegulatoryAlert }) {
  const hasAny = alert.checklistItems.length > 0 || alert.recordIds.length > 0 || alert.changeId;
  if (!hasAny) return null;
  return (
    <ul className="flex flex-wrap gap-x-3 gap-y-1 text-sm" aria-label="Concerns">
      {alert.checklistItems.map((n) => (
        <li key={`item-${n}`}>
          <Link
            to={checklistItemHref(n)}
            className="text-primary underline decoration-primary/40 underline-offset-4 hover:decoration-primary"
          >
            Checklist item {n}
          </Link>
        </li>
      ))}
      {alert.recordIds.map((id, i) => (
        <li key={`record-${id}`}>
          <Link
            to={recordHref(id)}
            className="text-primary underline decoration-primary/40 underline-offset-4 hover:decoration-primary"
          >
            Training record{alert.recordIds.length > 1 ? ` ${i + 1}` : ''}
          </Link>
        </li>
      ))}
      {alert.changeId && (
        <li>
          <Link
            to={changeHref(alert.changeId)}
            className="text-primary underline decoration-primary/40 underline-offset-4 hover:decoration-primary"
          >
            The regulatory change
          </Link>
        </li>
      )}
    </ul>
  );
}
