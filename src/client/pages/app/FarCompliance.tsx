import {
  CheckCircle2,
  CircleDashed,
  ClipboardList,
  Percent,
  Search,
  TriangleAlert,
} from 'lucide-react';
import { useDeferredValue, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Button } from '../../components/ui/button';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../components/ui/card';
import { EmptyState } from '../../components/ui/empty-state';
import { Input } from '../../components/ui/input';
import { Progress } from '../../components/ui/misc';
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '../../components/ui/select';
import { Spinner } from '../../components/ui/spinner';
import {
  CHECKLIST_AREA_IDS,
  CHECKLIST_AREAS,
  filterChecklistItems,
  summarizeChecklist,
  type ChecklistAreaId,
} from '../../features/checklist/checklist';
import { FarItemCard } from '../../features/checklist/FarItemCard';
import { useChecklist } from '../../features/checklist/use-checklist';
import { QueryError } from '../../features/dashboard/QueryError';
import { StatCard } from '../../features/placeholders/StatCard';
import { useSearchParam } from '../../features/placeholders/use-search-param';
import { formatNumber, formatWholePercent } from '../../lib/format';

const AREA_OPTIONS = ['all', ...CHECKLIST_AREA_IDS] as const;

/** /far-compliance: the whole inspection checklist, read-only, with the organization's statuses. */
export default function FarCompliance() {
  const { t } = useTranslation('audit');
  const [query, setQuery] = useSearchParam('q', '');
  const [area, setArea] = useSearchParam<ChecklistAreaId | 'all'>('area', 'all', AREA_OPTIONS);
  const [, setParams] = useSearchParams();
  const checklist = useChecklist();
  const items = useMemo(() => checklist.data?.items ?? [], [checklist.data]);
  // Typing stays immediate; the filtered list follows when the browser has a moment.
  const deferredQuery = useDeferredValue(query);
  const summary = useMemo(() => summarizeChecklist(items), [items]);
  const shown = useMemo(
    () => filterChecklistItems(items, deferredQuery, area),
    [items, deferredQuery, area],
  );
  const countIn = useMemo(() => {
    const counts = new Map<string, number>();
    for (const item of items) counts.set(item.areaId, (counts.get(item.areaId) ?? 0) + 1);
    return counts;
  }, [items]);

  if (checklist.isPending) {
    return (
      <div className="flex justify-center p-10">
        <Spinner label={t('far.loading')} />
      </div>
    );
  }
  if (checklist.isError) return <QueryError error={checklist.error} what={t('far.what')} />;

  // One URL update for both, so neither overwrites the other.
  const clearFilters = () =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        next.delete('q');
        next.delete('area');
        return next;
      },
      { replace: true },
    );

  return (
    <div className="grid gap-6">
      <Card>
        <CardHeader>
          <CardTitle>{t('far.title')}</CardTitle>
          <CardDescription>
            {t('far.description', { total: formatNumber(summary.total) })}
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
            <StatCard
              flat
              label={t('far.overall')}
              icon={Percent}
              value={
                summary.compliancePercent === null
                  ? null
                  : formatWholePercent(summary.compliancePercent)
              }
              hint={t('far.overallHint')}
            />
            <StatCard
              flat
              label={t('far.compliant')}
              icon={CheckCircle2}
              value={formatNumber(summary.compliant)}
            />
            <StatCard
              flat
              label={t('far.partial')}
              icon={TriangleAlert}
              value={formatNumber(summary.partial)}
            />
            <StatCard
              flat
              label={t('far.pending')}
              icon={CircleDashed}
              value={formatNumber(summary.pending)}
            />
          </div>
          <div className="grid gap-1.5">
            <div className="flex justify-between text-xs text-muted-foreground">
              <span>{t('far.progress')}</span>
              <span className="tabular-nums">
                {t('far.compliantOf', {
                  count: summary.total,
                  compliant: formatNumber(summary.compliant),
                  total: formatNumber(summary.total),
                })}
              </span>
            </div>
            <Progress value={summary.compliancePercent ?? 0} label={t('far.progressLabel')} />
          </div>
        </CardContent>
      </Card>

      <section aria-label={t('far.items')} className="grid gap-4">
        <div className="flex flex-col gap-3 sm:flex-row">
          <div className="relative flex-1">
            <Search
              aria-hidden
              className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground"
            />
            <Input
              type="search"
              aria-label={t('far.search')}
              placeholder={t('far.searchPlaceholder')}
              className="pl-9"
              value={query}
              onChange={(e) => setQuery(e.target.value)}
            />
          </div>
          <Select value={area} onValueChange={setArea}>
            <SelectTrigger aria-label={t('far.filter')} className="sm:w-80">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value="all">
                {t('far.allAreas', { count: items.length, n: formatNumber(items.length) })}
              </SelectItem>
              {CHECKLIST_AREAS.map((a) => (
                <SelectItem key={a.id} value={a.id}>
                  {a.number}. {a.name} ({countIn.get(a.id) ?? 0})
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>

        <p className="text-sm text-muted-foreground" aria-live="polite">
          {t('far.showing', {
            count: items.length,
            shown: formatNumber(shown.length),
            total: formatNumber(items.length),
          })}
        </p>

        {shown.length === 0 ? (
          <EmptyState icon={ClipboardList} title={t('far.empty')} className="bg-card">
            <Button variant="outline" className="mt-2" onClick={clearFilters}>
              {t('far.clear')}
            </Button>
          </EmptyState>
        ) : (
          <ul className="grid gap-3">
            {shown.map((item) => (
              <FarItemCard key={item.number} item={item} />
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
