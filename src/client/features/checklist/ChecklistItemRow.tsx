import { MessageSquareText, Paperclip, TriangleAlert } from 'lucide-react';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChecklistItemState } from '@shared/api/checklist';
import { AccordionContent, AccordionItem, AccordionTrigger } from '../../components/ui/misc';
import { formatDateTime } from '../../lib/format';
import { AutosaveField } from './AutosaveField';
import { truncateDescription } from './checklist';
import { EvidenceSection } from './EvidenceSection';
import { HistoryDialog } from './HistoryDialog';
import { ReferenceLinks } from './ReferenceLinks';
import { StatusBadge } from './StatusBadge';
import { StatusChoice } from './StatusChoice';

/**
 * One accordion item. Memoised on the item object: a save replaces only its own item in the
 * cache, so the other rows of the area skip rendering. The body mounts only while open.
 */
/** The element id of an item's row, for links to one item. */
export const checklistItemId = (number: string) => `checklist-item-${number}`;

export const ChecklistItemRow = memo(function ChecklistItemRow({
  item,
  canEdit,
}: {
  item: ChecklistItemState;
  canEdit: boolean;
}) {
  const { t } = useTranslation('checklist');
  return (
    <AccordionItem
      value={item.number}
      id={checklistItemId(item.number)}
      // Rows off screen skip layout and paint; 38 rows stay cheap while one is being typed in.
      className="px-1 [contain-intrinsic-size:auto_4.5rem] [content-visibility:auto]"
    >
      <AccordionTrigger className="items-start hover:no-underline">
        <span className="flex min-w-0 flex-1 flex-col gap-1.5 sm:flex-row sm:items-start sm:gap-3">
          <span className="w-14 shrink-0 font-mono text-xs font-semibold text-muted-foreground sm:pt-0.5">
            {item.number}
          </span>
          {/* The FAA's words, in English as published: not for translation. */}
          <span translate="no" lang="en" className="min-w-0 flex-1 font-normal leading-snug">
            {truncateDescription(item.description)}
          </span>
          <span className="flex shrink-0 items-center gap-2">
            {item.findings && (
              <TriangleAlert aria-label={t('item.hasFindings')} className="size-4 text-amber-600" />
            )}
            {item.comments && (
              <MessageSquareText
                aria-label={t('item.hasComments')}
                className="size-4 text-muted-foreground"
              />
            )}
            {item.evidence.length > 0 && (
              <span className="flex items-center gap-0.5 text-xs text-muted-foreground">
                <Paperclip aria-hidden className="size-3.5" />
                <span className="sr-only">{t('item.evidenceCount')}</span>
                {item.evidence.length}
              </span>
            )}
            <StatusBadge status={item.status} />
          </span>
        </span>
      </AccordionTrigger>
      <AccordionContent className="grid gap-5 pl-0 sm:pl-[4.25rem]">
        <div className="grid gap-2">
          <p className="leading-relaxed">{item.description}</p>
          <div className="flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
            <span>{t('item.reference')}</span>
            <ReferenceLinks reference={item.reference} />
          </div>
        </div>
        <StatusChoice itemNumber={item.number} status={item.status} readOnly={!canEdit} />
        <div className="grid gap-4 lg:grid-cols-2">
          <AutosaveField
            itemNumber={item.number}
            field="comments"
            label={t('item.comments')}
            serverValue={item.comments}
            readOnly={!canEdit}
            placeholder={t('item.commentsPlaceholder')}
          />
          <AutosaveField
            itemNumber={item.number}
            field="findings"
            label={t('item.findings')}
            serverValue={item.findings}
            readOnly={!canEdit}
            placeholder={t('item.findingsPlaceholder')}
          />
        </div>
        <EvidenceSection itemNumber={item.number} evidence={item.evidence} canEdit={canEdit} />
        <div className="flex flex-wrap items-center justify-between gap-2 border-t pt-3">
          <p className="text-xs text-muted-foreground">
            {item.updatedAt
              ? item.updatedBy
                ? t('item.lastChangedBy', {
                    date: formatDateTime(item.updatedAt),
                    name: item.updatedBy.name,
                  })
                : t('item.lastChanged', { date: formatDateTime(item.updatedAt) })
              : t('item.notReviewed')}
          </p>
          <HistoryDialog itemNumber={item.number} />
        </div>
      </AccordionContent>
    </AccordionItem>
  );
});
