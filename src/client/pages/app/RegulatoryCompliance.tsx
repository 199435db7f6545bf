import { Bell, ListChecks, Percent, ScrollText } from 'lucide-react';
import { Card, CardContent } from '../../components/ui/card';
import { EmptyState } from '../../components/ui/empty-state';
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '../../components/ui/select';
import { Spinner } from '../../components/ui/spinner';
import { TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs';
import { useAuth } from '../../features/auth/use-auth';
import { WatchRegulationForm } from '../../features/regulatory/WatchRegulationForm';
import { QueryError } from '../../features/dashboard/QueryError';
import { StatCard } from '../../features/placeholders/StatCard';
import { UrlTabs } from '../../features/placeholders/UrlTabs';
import { useSearchParam } from '../../features/placeholders/use-search-param';
import { ChangesList } from '../../features/regulatory/ChangesList';
import { RefreshButton, RunStatus } from '../../features/regulatory/RefreshControl';
import { RegulationCard } from '../../features/regulatory/RegulationCard';
import { countryOptions, summarizeReport } from '../../features/regulatory/regulatory';
import { RequiredActionsList } from '../../features/regulatory/RequiredActionsList';
import { StatusBanner } from '../../features/regulatory/StatusBanner';
import {
  useComplianceReport,
  useRefreshRegulations,
  useWatchedSources,
} from '../../features/regulatory/use-regulatory';
import { formatDateTime } from '../../lib/format';

const TABS = ['regulations', 'changes', 'actions'] as const;

export default function RegulatoryCompliance() {
  const [country, setCountry] = useSearchParam('country', 'all');
  const report = useComplianceReport(country);
  const refresh = useRefreshRegulations();
  const { can } = useAuth();
  const sources = useWatchedSources();
  const watchedIds = new Set((sources.data?.sources ?? []).map((source) => source.id));

  if (report.isPending) {
    return (
      <div className="flex justify-center p-10">
        <Spinner label="Loading the compliance report" />
      </div>
    );
  }
  if (report.isError) {
    return <QueryError error={report.error} what="the compliance report" />;
  }

  const data = report.data;
  const summary = summarizeReport(data.regulations);
  const countries = countryOptions(data, country);

  return (
    <div className="grid gap-6">
      <StatusBanner report={data} />
      <RunStatus refresh={refresh} />

      <div className="grid grid-cols-2 gap-4 lg:grid-cols-4">
        <StatCard label="Regulations Monitored" icon={ScrollText} value={summary.regulations} />
        <StatCard
          label="Compliance"
          icon={Percent}
          value={summary.compliancePercent === null ? null : `${summary.compliancePercent}%`}
          hint={
            summary.compliancePercent === null
              ? 'Not known until the text is fetched'
              : `${summary.compliant} of ${summary.assessed} compliant`
          }
        />
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
          <div className="flex gap-2">
            <Select value={country} onValueChange={setCountry}>
              <SelectTrigger aria-label="Filter by country" className="sm:w-48">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                <SelectItem value="all">All Countries</SelectItem>
                {countries.map((c) => (
                  <SelectItem key={c} value={c}>
                    {c}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
            {can('manageDocuments') && <RefreshButton refresh={refresh} />}
          </div>
        </div>

        <TabsContent value="regulations" className="grid gap-4">
          {data.regulations.length === 0 ? (
            <Card>
              <CardContent className="p-5">
                <EmptyState icon={ScrollText} title="No regulations monitored">
                  {country === 'all'
                    ? 'Regulations appear once their text has been fetched.'
                    : `No monitored regulation is from ${country}.`}
                </EmptyState>
              </CardContent>
            </Card>
          ) : (
            data.regulations.map((r) => (
              <RegulationCard
                key={r.id}
                regulation={r}
                watched={watchedIds.has(r.id)}
                canManage={can('manageOrganization')}
              />
            ))
          )}
          {can('manageOrganization') && <WatchRegulationForm />}
        </TabsContent>
        <TabsContent value="changes">
          <ChangesList />
        </TabsContent>
        <TabsContent value="actions">
          <RequiredActionsList regulations={data.regulations} />
        </TabsContent>
      </UrlTabs>

      <footer className="flex flex-col gap-1 border-t pt-4 text-xs text-muted-foreground sm:flex-row sm:justify-between">
        <span>
          Last updated: {data.lastUpdated ? formatDateTime(data.lastUpdated) : 'not yet fetched'}
        </span>
        <span className="tabular-nums">
          {summary.regulations} {summary.regulations === 1 ? 'regulation' : 'regulations'} ·{' '}
          {summary.pendingChanges} pending {summary.pendingChanges === 1 ? 'change' : 'changes'} ·{' '}
          {summary.requiredActions} required {summary.requiredActions === 1 ? 'action' : 'actions'}
        </span>
      </footer>
    </div>
  );
}
