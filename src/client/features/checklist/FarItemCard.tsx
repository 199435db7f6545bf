import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChecklistItemState } from '@shared/api/checklist';
import { formatReference } from '@shared/checklist/references';
import { Badge } from '../../components/ui/badge';
import { areaName } from './checklist';
import { StatusBadge } from './StatusBadge';

/** One read-only item of /far-compliance: number, description, area, status, reference, comments. */
export const FarItemCard = memo(function FarItemCard({ item }: { item: ChecklistItemState }) {
  const { t } = useTranslation('checklist');
  return (
    <li className="grid gap-2 rounded-lg border bg-card p-4 shadow-sm">
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-mono text-sm font-semibold">{item.number}</span>
        <Badge variant="info">{areaName(item.areaId)}</Badge>
        <StatusBadge status={item.status} />
      </div>
      <p className="leading-relaxed">{item.description}</p>
      <p className="text-sm text-muted-foreground">{formatReference(item.reference)}</p>
      {item.comments && (
        <p className="whitespace-pre-wrap rounded-md bg-muted/60 p-2 text-sm">
          <span className="font-medium">{t('item.commentsLabel')}</span>
          {item.comments}
        </p>
      )}
    </li>
  );
});
