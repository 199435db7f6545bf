import { ClipboardList, Download, Upload } from 'lucide-react';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../components/ui/card';
import { EmptyState } from '../../components/ui/empty-state';
import { Progress } from '../../components/ui/misc';
import { TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs';
import {
  CHECKLIST_AREA_IDS,
  CHECKLIST_AREAS,
  CHECKLIST_TOTAL_ITEMS,
  summarizeChecklist,
  type ChecklistItem,
} from '../../features/checklist/checklist';
import { NotYetAvailable } from '../../features/placeholders/NotYetAvailable';
import { UnavailableActions } from '../../features/placeholders/UnavailableActions';
import { UrlTabs } from '../../features/placeholders/UrlTabs';
import { useIsMobile } from '../../lib/use-is-mobile';
import { cn } from '../../lib/utils';

// This version has no checklist catalogue API: every figure below is computed from this empty list.
const CATALOGUE: readonly ChecklistItem[] = [];

function ProgressLine({
  reviewed,
  total,
  label,
}: {
  reviewed: number;
  total: number;
  label: string;
}) {
  const percent = total ? Math.round((reviewed / total) * 100) : 0;
  return (
    <div className="grid gap-1.5">
      <div className="flex justify-between gap-3 text-sm">
        <span className="text-muted-foreground">{label}</span>
        <span className="font-medium tabular-nums">
          {reviewed} of {total} items reviewed
        </span>
      </div>
      <Progress value={percent} label={label} />
    </div>
  );
}

export default function ComplianceChecklist() {
  const mobile = useIsMobile();
  const overall = summarizeChecklist(CATALOGUE);
  const counts = [
    ['Compliant', overall.compliant],
    ['Non-compliant', overall.nonCompliant],
    ['Not applicable', overall.notApplicable],
    ['Pending', overall.pending],
  ] as const;

  return (
    <div className="grid gap-6">
      <NotYetAvailable title="The checklist catalogue is not loaded in this version yet">
        When the {CHECKLIST_TOTAL_ITEMS}-item Part 142 catalogue arrives, you will set each item’s
        status, write comments and findings and attach evidence here, and every change will be saved
        with its history.
      </NotYetAvailable>

      <Card>
        <CardHeader className="gap-3 sm:flex-row sm:items-start sm:justify-between">
          <div className="grid gap-1.5">
            <CardTitle>Overall Progress</CardTitle>
            <CardDescription>Every status except Pending counts as reviewed.</CardDescription>
          </div>
          <UnavailableActions
            className="sm:justify-items-end sm:text-right"
            actions={[
              { label: 'Import Checklist', icon: Upload },
              { label: 'Export Report', icon: Download },
            ]}
            reason="Available once the catalogue is loaded"
          />
        </CardHeader>
        <CardContent className="grid gap-4">
          <ProgressLine
            reviewed={overall.reviewed}
            total={overall.total}
            label="Overall progress"
          />
          <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
            {counts.map(([label, value]) => (
              <div key={label} className="rounded-md bg-muted/60 px-3 py-2">
                <dt className="text-xs text-muted-foreground">{label}</dt>
                <dd className="text-lg font-semibold tabular-nums">{value}</dd>
              </div>
            ))}
          </dl>
        </CardContent>
      </Card>

      <UrlTabs
        values={CHECKLIST_AREA_IDS}
        param="area"
        orientation={mobile ? 'horizontal' : 'vertical'}
        className={cn('grid gap-4', !mobile && 'grid-cols-[16rem_minmax(0,1fr)] items-start')}
      >
        <TabsList
          aria-label="Checklist areas"
          className={cn(
            'h-auto w-full justify-start',
            mobile ? 'flex-nowrap overflow-x-auto' : 'flex-col items-stretch',
          )}
        >
          {CHECKLIST_AREAS.map((a) => (
            <TabsTrigger
              key={a.id}
              value={a.id}
              className={cn(
                'gap-2 py-1.5',
                mobile ? 'shrink-0' : 'justify-start whitespace-normal text-left',
              )}
            >
              <span className="w-5 shrink-0 text-right text-xs tabular-nums opacity-70">
                {a.number}
              </span>
              <span>{a.name}</span>
            </TabsTrigger>
          ))}
        </TabsList>

        {CHECKLIST_AREAS.map((a) => {
          const items = CATALOGUE.filter((i) => i.areaId === a.id);
          const area = summarizeChecklist(items);
          return (
            <TabsContent key={a.id} value={a.id} className="mt-0">
              <Card>
                <CardHeader>
                  <CardTitle>
                    Area {a.number}: {a.name}
                  </CardTitle>
                </CardHeader>
                <CardContent className="grid gap-4">
                  <ProgressLine reviewed={area.reviewed} total={area.total} label="Area progress" />
                  <EmptyState
                    icon={ClipboardList}
                    title="No checklist items loaded for this area yet"
                  >
                    This area’s requirements, with their references, statuses, comments and
                    findings, will be listed here once the catalogue is loaded.
                  </EmptyState>
                </CardContent>
              </Card>
            </TabsContent>
          );
        })}
      </UrlTabs>
    </div>
  );
}
