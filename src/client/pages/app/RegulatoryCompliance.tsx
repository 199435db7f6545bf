import { Bell, BookOpenCheck, Globe, ListChecks, ScrollText } from 'lucide-react';
import { Card, CardContent } from '../../components/ui/card';
import { EmptyState } from '../../components/ui/empty-state';
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '../../components/ui/select';
import { TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs';
import { StatCard } from '../../features/placeholders/StatCard';
import { UrlTabs } from '../../features/placeholders/UrlTabs';
import { useSearchParam } from '../../features/placeholders/use-search-param';
import { summarizeRegulations, type RegulationEntry } from '../../features/regulatory/regulatory';

// This version has no regulation API: every figure below is counted from this empty list.
const REGULATIONS: readonly RegulationEntry[] = [];

const TABS = ['regulations', 'changes', 'actions'] as const;

export default function RegulatoryCompliance() {
  const summary = summarizeRegulations(REGULATIONS);
  const [country, setCountry] = useSearchParam('country', 'all', ['all', ...summary.countries]);

  return (
    <div className="grid gap-6">
      <div role="status" className="flex gap-3 rounded-lg border bg-card p-4 shadow-sm">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-muted text-muted-foreground">
          <Globe aria-hidden className="size-5" />
        </span>
        <div className="grid gap-1">
          <p className="font-semibold">No regulations tracked yet</p>
          <p className="text-sm text-muted-foreground">
            The overall status (compliant, warning or non-compliant) is worked out from the
            regulations your organization tracks, so none is shown until there are some. Regulation
            tracking arrives in a later version.
          </p>
        </div>
      </div>

      <div className="grid grid-cols-2 gap-4 lg:grid-cols-4">
        <StatCard label="Regulations Tracked" icon={ScrollText} value={summary.regulations} />
        <StatCard label="Countries" icon={Globe} value={summary.countries.length} />
        <StatCard label="Pending Changes" icon={Bell} value={summary.pendingChanges} />
        <StatCard label="Required Actions" icon={ListChecks} value={summary.requiredActions} />
      </div>

      <UrlTabs values={TABS}>
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
          <div className="overflow-x-auto">
            <TabsList aria-label="Regulatory views" className="flex-nowrap">
              <TabsTrigger value="regulations">Regulations</TabsTrigger>
              <TabsTrigger value="changes">Recent Changes</TabsTrigger>
              <TabsTrigger value="actions">Required Actions</TabsTrigger>
            </TabsList>
          </div>
          <Select
            value={country}
            onValueChange={setCountry}
            disabled={summary.countries.length === 0}
          >
            <SelectTrigger aria-label="Filter by country" className="sm:w-48">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value="all">All Countries</SelectItem>
              {summary.countries.map((c) => (
                <SelectItem key={c} value={c}>
                  {c}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>

        <TabsContent value="regulations">
          <Card>
            <CardContent className="p-5">
              <EmptyState icon={ScrollText} title="No regulations tracked yet">
                Each regulation will show its country, current version and compliance level, with
                the first three of its pending changes and required actions.
              </EmptyState>
            </CardContent>
          </Card>
        </TabsContent>
        <TabsContent value="changes">
          <Card>
            <CardContent className="p-5">
              <EmptyState icon={BookOpenCheck} title="No regulatory changes recorded">
                Changes to the regulations you track will be listed here with their priority.
              </EmptyState>
            </CardContent>
          </Card>
        </TabsContent>
        <TabsContent value="actions">
          <Card>
            <CardContent className="p-5">
              <EmptyState icon={ListChecks} title="No regulations tracked yet">
                Required actions and their deadlines come from the regulations you track.
              </EmptyState>
            </CardContent>
          </Card>
        </TabsContent>
      </UrlTabs>

      <footer className="flex flex-col gap-1 border-t pt-4 text-xs text-muted-foreground sm:flex-row sm:justify-between">
        <span>Last updated: not yet checked</span>
        <span className="tabular-nums">
          {summary.regulations} regulations · {summary.pendingChanges} pending changes ·{' '}
          {summary.requiredActions} required actions
        </span>
      </footer>
    </div>
  );
}
