import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChecklistItemState } from '@shared/api/checklist';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../components/ui/card';
import { Spinner } from '../../components/ui/spinner';
import { TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs';
import { useAuth } from '../../features/auth/use-auth';
import { AreaPanel } from '../../features/checklist/AreaPanel';
import {
  CHECKLIST_AREA_IDS,
  CHECKLIST_AREAS,
  summarizeChecklist,
  type ChecklistSummary,
} from '../../features/checklist/checklist';
import { ExportMenu } from '../../features/checklist/ExportMenu';
import { ImportDialog } from '../../features/checklist/ImportDialog';
import { ProgressLine } from '../../features/checklist/ProgressLine';
import { useChecklist } from '../../features/checklist/use-checklist';
import { QueryError } from '../../features/dashboard/QueryError';
import { UrlTabs } from '../../features/placeholders/UrlTabs';
import { formatNumber } from '../../lib/format';
import { useIsMobile } from '../../lib/use-is-mobile';
import { cn } from '../../lib/utils';

type ByArea = Map<string, { items: ChecklistItemState[]; summary: ChecklistSummary }>;

export default function ComplianceChecklist() {
  const { t, i18n } = useTranslation('checklist');
  const mobile = useIsMobile();
  const { can } = useAuth();
  const checklist = useChecklist();
  const items = checklist.data?.items;

  // A save replaces one item; these recompute over 200 items, which costs well under a millisecond.
  const overall = useMemo(() => summarizeChecklist(items ?? []), [items]);
  const byArea: ByArea = useMemo(() => {
    const map: ByArea = new Map();
    for (const area of CHECKLIST_AREAS) {
      const inArea = (items ?? []).filter((i) => i.areaId === area.id);
      map.set(area.id, { items: inArea, summary: summarizeChecklist(inArea) });
    }
    return map;
  }, [items]);

  if (checklist.isPending) {
    return (
      <div className="flex justify-center p-10">
        <Spinner label={t('page.loading')} />
      </div>
    );
  }
  if (checklist.isError) {
    return <QueryError error={checklist.error} what={t('page.what')} />;
  }

  const counts = [
    ['compliant', overall.compliant],
    ['partial', overall.partial],
    ['non-compliant', overall.nonCompliant],
    ['not-applicable', overall.notApplicable],
    ['pending', overall.pending],
  ] as const;
  const canEdit = can('editChecklist');

  return (
    <div className="grid gap-6">
      {i18n.language !== 'en' && (
        <p role="note" className="text-sm text-muted-foreground">
          {t('englishNote')}
        </p>
      )}
      <Card>
        <CardHeader className="gap-3 sm:flex-row sm:items-start sm:justify-between">
          <div className="grid gap-1.5">
            <CardTitle>{t('page.overallTitle')}</CardTitle>
            <CardDescription>
              {t('page.overallDescription', {
                version: checklist.data.catalogueVersion,
                count: overall.total,
              })}
            </CardDescription>
          </div>
          <div className="flex flex-wrap gap-2">
            {canEdit && <ImportDialog />}
            {can('exportReports') && <ExportMenu />}
          </div>
        </CardHeader>
        <CardContent className="grid gap-4">
          <ProgressLine
            reviewed={overall.reviewed}
            total={overall.total}
            label={t('page.overallProgress')}
          />
          <dl className="grid grid-cols-2 gap-3 sm:grid-cols-5">
            {counts.map(([status, value]) => (
              <div key={status} className="rounded-md bg-muted/60 px-3 py-2">
                <dt className="text-xs text-muted-foreground">{t(`status.${status}`)}</dt>
                <dd className="text-lg font-semibold tabular-nums">{formatNumber(value)}</dd>
              </div>
            ))}
          </dl>
          {!canEdit && <p className="text-sm text-muted-foreground">{t('page.readOnly')}</p>}
        </CardContent>
      </Card>

      <UrlTabs
        values={CHECKLIST_AREA_IDS}
        param="area"
        orientation={mobile ? 'horizontal' : 'vertical'}
        className={cn('grid gap-4', !mobile && 'grid-cols-[16rem_minmax(0,1fr)] items-start')}
      >
        <TabsList
          aria-label={t('page.areas')}
          className={cn(
            'h-auto w-full justify-start',
            mobile ? 'flex-nowrap overflow-x-auto' : 'flex-col items-stretch',
          )}
        >
          {CHECKLIST_AREAS.map((a) => {
            const summary = byArea.get(a.id)!.summary;
            return (
              <TabsTrigger
                key={a.id}
                value={a.id}
                className={cn(
                  'gap-2 py-1.5',
                  mobile ? 'shrink-0' : 'justify-start whitespace-normal text-left',
                )}
              >
                <span className="w-5 shrink-0 text-right text-xs tabular-nums">{a.number}</span>
                <span className="flex-1">{a.name}</span>
                <span className="shrink-0 text-xs tabular-nums">
                  {summary.reviewed}/{summary.total}
                </span>
              </TabsTrigger>
            );
          })}
        </TabsList>

        {CHECKLIST_AREAS.map((a) => {
          const area = byArea.get(a.id)!;
          // Radix renders only the active tab's content: one area's items are in the page at a time.
          return (
            <TabsContent key={a.id} value={a.id} className="mt-0 min-w-0">
              <AreaPanel area={a} items={area.items} summary={area.summary} canEdit={canEdit} />
            </TabsContent>
          );
        })}
      </UrlTabs>
    </div>
  );
}
