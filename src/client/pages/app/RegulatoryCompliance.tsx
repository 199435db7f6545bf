import { Bell, ListChecks, Percent, ScrollText } from 'lucide-react';
import { useTranslation } from 'react-i18next';
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
import {
  countryOptions,
  summarizeReport,
  wholePercent,
} from '../../features/regulatory/regulatory';
import { RequiredActionsList } from '../../features/regulatory/RequiredActionsList';
import { StatusBanner } from '../../features/regulatory/StatusBanner';
import {
  useComplianceReport,
  useRefreshRegulations,
  useWatchedSources,
} from '../../features/regulatory/use-regulatory';
import { formatDateTime, formatNumber } from '../../lib/format';

const TABS = ['regulations', 'changes', 'actions'] as const;

export default function RegulatoryCompliance() {
  const { t, i18n } = useTranslation('regulatory');
  const [country, setCountry] = useSearchParam('country', 'all');
  const report = useComplianceReport(country);
  const refresh = useRefreshRegulations();
  const { can } = useAuth();
  const sources = useWatchedSources();
  const watchedIds = new Set((sources.data?.sources ?? []).map((source) => source.id));

  if (report.isPending) {
    return (
      <div className="flex justify-center p-10">
        <Spinner label={t('compliance.loading')} />
      </div>
    );
  }
  if (report.isError) {
    return <QueryError error={report.error} what={t('compliance.what')} />;
  }

  const data = report.data;
  const summary = summarizeReport(data.regulations);
  const countries = countryOptions(data, country);

  return (
    <div className="grid gap-6">
      {i18n.language !== 'en' && (
        <p role="note" className="text-sm text-muted-foreground">
          {t('englishNote')}
        </p>
      )}
      <StatusBanner report={data} />
      <RunStatus refresh={refresh} />

      <div className="grid grid-cols-2 gap-4 lg:grid-cols-4">
        <StatCard
          label={t('compliance.regulationsMonitored')}
          icon={ScrollText}
          value={formatNumber(summary.regulations)}
        />
        <StatCard
          label={t('compliance.compliance')}
          icon={Percent}
          value={
            summary.compliancePercent === null ? null : wholePercent(summary.compliancePercent)
          }
          hint={
            summary.compliancePercent === null
              ? t('compliance.complianceUnknown')
              : t('compliance.complianceOf', {
                  compliant: formatNumber(summary.compliant),
                  assessed: formatNumber(summary.assessed),
                })
          }
        />
        <StatCard
          label={t('compliance.pendingChanges')}
          icon={Bell}
          value={formatNumber(summary.pendingChanges)}
        />
        <StatCard
          label={t('compliance.requiredActions')}
          icon={ListChecks}
          value={formatNumber(summary.requiredActions)}
        />
      </div>

      <UrlTabs values={TABS}>
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
          <div className="overflow-x-auto">
            <TabsList aria-label={t('compliance.views')} className="flex-nowrap">
              {TABS.map((tab) => (
                <TabsTrigger key={tab} value={tab}>
                  {t(`compliance.tabs.${tab}`)}
                </TabsTrigger>
              ))}
            </TabsList>
          </div>
          <div className="flex gap-2">
            <Select value={country} onValueChange={setCountry}>
              <SelectTrigger aria-label={t('compliance.filterCountry')} className="sm:w-48">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                <SelectItem value="all">{t('compliance.allCountries')}</SelectItem>
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
                <EmptyState icon={ScrollText} title={t('compliance.emptyTitle')}>
                  {country === 'all'
                    ? t('compliance.emptyAll')
                    : t('compliance.emptyCountry', { country })}
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
          {data.lastUpdated
            ? t('compliance.lastUpdated', { date: formatDateTime(data.lastUpdated) })
            : t('compliance.lastUpdatedNever')}
        </span>
        <span className="tabular-nums">
          {[
            t('compliance.regulations', { count: summary.regulations }),
            t('compliance.pending', { count: summary.pendingChanges }),
            t('compliance.actions', { count: summary.requiredActions }),
          ].join(' · ')}
        </span>
      </footer>
    </div>
  );
}
