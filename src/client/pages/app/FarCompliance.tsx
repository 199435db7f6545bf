import {
  CheckCircle2,
  CircleDashed,
  ClipboardList,
  Percent,
  Search,
  TriangleAlert,
} from 'lucide-react';
import { useDeferredValue, useMemo } from 'react';
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

const AREA_OPTIONS = ['all', ...CHECKLIST_AREA_IDS] as const;

/** /far-compliance: the whole inspection checklist, read-only, with the organization's statuses. */
export default function FarCompliance() {
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
        <Spinner label="Loading the checklist" />
      </div>
    );
  }
  if (checklist.isError) return <QueryError error={checklist.error} what="the checklist" />;

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
          <CardTitle>Compliance Overview</CardTitle>
          <CardDescription>
            Your organization’s status across the {summary.total} items of the inspection checklist.
            Statuses are set on the Part 142 Checklist screen.
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
            <StatCard
              flat
              label="Overall Compliance"
              icon={Percent}
              value={summary.compliancePercent === null ? null : `${summary.compliancePercent}%`}
              hint="Compliant items ÷ all items"
            />
            <StatCard flat label="Compliant" icon={CheckCircle2} value={summary.compliant} />
            <StatCard flat label="Partial" icon={TriangleAlert} value={summary.partial} />
            <StatCard flat label="Pending" icon={CircleDashed} value={summary.pending} />
          </div>
          <div className="grid gap-1.5">
            <div className="flex justify-between text-xs text-muted-foreground">
              <span>Progress</span>
              <span className="tabular-nums">
                {summary.compliant} of {summary.total} items compliant
              </span>
            </div>
            <Progress value={summary.compliancePercent ?? 0} label="Overall compliance" />
          </div>
        </CardContent>
      </Card>

      <section aria-label="Checklist items" className="grid gap-4">
        <div className="flex flex-col gap-3 sm:flex-row">
          <div className="relative flex-1">
            <Search
              aria-hidden
              className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground"
            />
            <Input
              type="search"
              aria-label="Search checklist items"
              placeholder="Search checklist items..."
              className="pl-9"
              value={query}
              onChange={(e) => setQuery(e.target.value)}
            />
          </div>
          <Select value={area} onValueChange={setArea}>
            <SelectTrigger aria-label="Filter by area" className="sm:w-80">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value="all">All Areas ({items.length} items)</SelectItem>
              {CHECKLIST_AREAS.map((a) => (
                <SelectItem key={a.id} value={a.id}>
                  {a.number}. {a.name} ({countIn.get(a.id) ?? 0})
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>

        <p className="text-sm text-muted-foreground" aria-live="polite">
          Showing {shown.length} of {items.length} checklist items
        </p>

        {shown.length === 0 ? (
          <EmptyState
            icon={ClipboardList}
            title="No checklist items match your search criteria."
            className="bg-card"
          >
            <Button variant="outline" className="mt-2" onClick={clearFilters}>
              Clear Filters
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
