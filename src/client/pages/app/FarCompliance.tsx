import {
  CheckCircle2,
  CircleDashed,
  ClipboardList,
  Percent,
  Search,
  TriangleAlert,
} from 'lucide-react';
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
import {
  CHECKLIST_AREA_IDS,
  CHECKLIST_AREAS,
  CHECKLIST_TOTAL_ITEMS,
  filterChecklistItems,
  summarizeChecklist,
  type ChecklistAreaId,
  type ChecklistItem,
} from '../../features/checklist/checklist';
import { StatCard } from '../../features/placeholders/StatCard';
import { useSearchParam } from '../../features/placeholders/use-search-param';

// This version has no checklist catalogue API: every figure below is computed from this empty list.
const CATALOGUE: readonly ChecklistItem[] = [];

const AREA_OPTIONS = ['all', ...CHECKLIST_AREA_IDS] as const;

export default function FarCompliance() {
  const [query, setQuery] = useSearchParam('q', '');
  const [area, setArea] = useSearchParam<ChecklistAreaId | 'all'>('area', 'all', AREA_OPTIONS);
  const summary = summarizeChecklist(CATALOGUE);
  const shown = filterChecklistItems(CATALOGUE, query, area);
  const loaded = CATALOGUE.length > 0;
  const countIn = (id: ChecklistAreaId) => CATALOGUE.filter((i) => i.areaId === id).length;

  return (
    <div className="grid gap-6">
      <Card>
        <CardHeader>
          <CardTitle>Compliance Overview</CardTitle>
          <CardDescription>
            Your organization’s status across the inspection checklist.
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
              disabled={!loaded}
            />
          </div>
          <Select value={area} onValueChange={setArea} disabled={!loaded}>
            <SelectTrigger aria-label="Filter by area" className="sm:w-72">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value="all">All Areas ({CATALOGUE.length} items)</SelectItem>
              {CHECKLIST_AREAS.map((a) => (
                <SelectItem key={a.id} value={a.id}>
                  {a.number}. {a.name} ({countIn(a.id)})
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>

        <p className="text-sm text-muted-foreground" aria-live="polite">
          Showing {shown.length} of {CATALOGUE.length} checklist items
        </p>

        <EmptyState
          icon={ClipboardList}
          title="The inspection checklist is not loaded in this version yet"
          className="bg-card"
        >
          <p>
            The FAA Part 142 inspection checklist has {CHECKLIST_TOTAL_ITEMS} items in ten areas.
            When the catalogue arrives, each item will appear here with its number, description,
            area, status and 14 CFR reference, and search and the area filter will work on it.
          </p>
          <ol className="mx-auto mt-4 grid w-fit gap-1 text-left">
            {CHECKLIST_AREAS.map((a) => (
              <li key={a.id} className="flex gap-2">
                <span className="w-5 shrink-0 text-right tabular-nums">{a.number}.</span>
                <span className="text-foreground">{a.name}</span>
              </li>
            ))}
          </ol>
        </EmptyState>
      </section>
    </div>
  );
}
