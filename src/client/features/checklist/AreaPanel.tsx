import { memo, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { ChecklistItemState } from '@shared/api/checklist';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../components/ui/card';
import { Accordion } from '../../components/ui/misc';
import type { ChecklistSummary } from './checklist';
import { checklistItemId, ChecklistItemRow } from './ChecklistItemRow';
import { ProgressLine } from './ProgressLine';

/** One area's items as an accordion; only the open area is rendered at all. */
export const AreaPanel = memo(function AreaPanel({
  area,
  items,
  summary,
  canEdit,
}: {
  area: { number: number; name: string; description: string };
  items: ChecklistItemState[];
  summary: ChecklistSummary;
  canEdit: boolean;
}) {
  const { t } = useTranslation('checklist');
  // A link to one item (`?item=5-09`, e.g. a required action of the regulatory monitor) opens it.
  const [params] = useSearchParams();
  const linked = params.get('item');
  const target = linked && items.some((i) => i.number === linked) ? linked : null;
  const [open, setOpen] = useState<string[]>(target ? [target] : []);
  useEffect(() => {
    if (!target) return;
    setOpen((current) => (current.includes(target) ? current : [...current, target]));
    document.getElementById(checklistItemId(target))?.scrollIntoView({ block: 'start' });
  }, [target]);
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('area.title', { number: area.number, name: area.name })}</CardTitle>
        <CardDescription>{area.description}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <ProgressLine
          reviewed={summary.reviewed}
          total={summary.total}
          label={t('area.progress')}
        />
        <Accordion type="multiple" value={open} onValueChange={setOpen} className="border-t">
          {items.map((item) => (
            <ChecklistItemRow key={item.number} item={item} canEdit={canEdit} />
          ))}
        </Accordion>
      </CardContent>
    </Card>
  );
});
