import { memo, useState } from 'react';
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
import { ChecklistItemRow } from './ChecklistItemRow';
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
  const [open, setOpen] = useState<string[]>([]);
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          Area {area.number}: {area.name}
        </CardTitle>
        <CardDescription>{area.description}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <ProgressLine reviewed={summary.reviewed} total={summary.total} label="Area progress" />
        <Accordion type="multiple" value={open} onValueChange={setOpen} className="border-t">
          {items.map((item) => (
            <ChecklistItemRow key={item.number} item={item} canEdit={canEdit} />
          ))}
        </Accordion>
      </CardContent>
    </Card>
  );
});
