import { Sparkles } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../components/ui/card';
import { Progress } from '../../components/ui/misc';
import { Spinner } from '../../components/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs';
import { toast } from '../../components/ui/use-toast';
import { ComplianceReport } from '../../features/audit/ComplianceReport';
import { DocumentSummaryCard } from '../../features/audit/DocumentSummaryCard';
import { RequirementsAnalysis } from '../../features/audit/RequirementsAnalysis';
import { ResultCards } from '../../features/audit/ResultCards';
import { RunHistory } from '../../features/audit/RunHistory';
import { useAnalyzeCompliance, useAuditRun, useAuditRuns } from '../../features/audit/use-audit';
import { useAuth } from '../../features/auth/use-auth';
import { QueryError, errorText } from '../../features/dashboard/QueryError';
import { useSearchParam } from '../../features/placeholders/use-search-param';
import { formatDateTime, formatNumber, formatWholePercent } from '../../lib/format';

const TABS = ['requirements', 'report'] as const;

/** /ai-audit-compliance: run the analysis, follow its progress, read and compare results. */
export default function AiAuditCompliance() {
  const { t } = useTranslation('audit');
  const { can } = useAuth();
  if (!can('runAudit')) {
    return (
      <Card>
        <CardHeader>
          <CardTitle>{t('assistant.title')}</CardTitle>
          <CardDescription>{t('assistant.roleNote')}</CardDescription>
        </CardHeader>
      </Card>
    );
  }
  return <Assistant />;
}

function Assistant() {
  const { t } = useTranslation('audit');
  const analyze = useAnalyzeCompliance();
  const runs = useAuditRuns({ poll: analyze.isPending });
  const [runParam, setRunParam] = useSearchParam('run', '');
  const [tab, setTab] = useSearchParam<(typeof TABS)[number]>('tab', 'requirements', TABS);
  const list = runs.data?.runs ?? [];
  const active = list.find((r) => r.status === 'queued' || r.status === 'running');
  const latestCompleted = list.find((r) => r.status === 'completed');
  const shownId = list.some((r) => r.id === runParam && r.status === 'completed')
    ? runParam
    : (latestCompleted?.id ?? null);
  const shown = useAuditRun(shownId);
  const running = analyze.isPending || active !== undefined;

  const start = () =>
    analyze.mutate(undefined, {
      onSuccess: (result) => {
        setRunParam('');
        toast({
          title: t('assistant.complete'),
          description: t('assistant.completeDescription', {
            count: result.documentCount,
            requirements: formatNumber(result.checklistItems),
            documents: formatNumber(result.documentCount),
          }),
        });
      },
      onError: (error) =>
        toast({
          title: t('assistant.failed'),
          description: errorText(error),
          variant: 'destructive',
        }),
    });

  const result = shown.data?.result ?? null;
  return (
    <div className="grid gap-6">
      <div className="grid items-start gap-6 lg:grid-cols-3">
        <Card className="lg:col-span-2">
          <CardHeader>
            <CardTitle>{t('assistant.title')}</CardTitle>
            <CardDescription>{t('assistant.description')}</CardDescription>
          </CardHeader>
          <CardContent className="grid gap-4">
            <div>
              <Button onClick={start} disabled={running}>
                {running ? (
                  <Spinner
                    className="text-primary-foreground"
                    label={t('assistant.analyzingLabel')}
                  />
                ) : (
                  <Sparkles aria-hidden />
                )}
                {running ? t('assistant.analyzing') : t('assistant.analyze')}
              </Button>
            </div>
            {running && (
              <div className="grid gap-1.5" aria-live="polite">
                <div className="flex justify-between text-sm">
                  <span>{active?.phase ?? t('assistant.starting')}</span>
                  <span className="tabular-nums text-muted-foreground">
                    {formatWholePercent(active?.percent ?? 0)}
                  </span>
                </div>
                <Progress value={active?.percent ?? 0} label={t('assistant.progress')} />
              </div>
            )}
            {result && (
              <p className="text-sm text-muted-foreground">
                {t('assistant.showing', {
                  date: formatDateTime(result.completedAt),
                  count: result.documentCount,
                  requirements: formatNumber(result.checklistItems),
                  documents: formatNumber(result.documentCount),
                  reasoner: result.reasoner,
                })}
              </p>
            )}
          </CardContent>
        </Card>
        <DocumentSummaryCard />
      </div>

      {runs.isError ? (
        <QueryError error={runs.error} what={t('assistant.historyWhat')} />
      ) : shown.isError ? (
        <QueryError error={shown.error} what={t('assistant.analysisWhat')} />
      ) : shownId && shown.isPending ? (
        <div className="flex justify-center p-6">
          <Spinner label={t('assistant.loading')} />
        </div>
      ) : result ? (
        <>
          <ResultCards result={result} />
          <Tabs value={tab} onValueChange={setTab}>
            <TabsList>
              <TabsTrigger value="requirements">{t('assistant.requirementsTab')}</TabsTrigger>
              <TabsTrigger value="report">{t('assistant.reportTab')}</TabsTrigger>
            </TabsList>
            <TabsContent value="requirements">
              <RequirementsAnalysis analyses={result.analyses} />
            </TabsContent>
            <TabsContent value="report">
              <ComplianceReport runId={result.runId} report={result.complianceReport} />
            </TabsContent>
          </Tabs>
        </>
      ) : null}

      {list.length > 0 && <RunHistory runs={list} shownId={shownId} onShow={setRunParam} />}
    </div>
  );
}
