import { ArrowRight, GitCompare } from 'lucide-react';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AuditRunInfo } from '@shared/api/audit';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../components/ui/card';
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '../../components/ui/select';
import { Spinner } from '../../components/ui/spinner';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '../../components/ui/table';
import { formatDateTime, formatNumber, formatWholePercent } from '../../lib/format';
import { errorText } from '../dashboard/QueryError';
import { ComplianceStatusBadge, RiskBadge } from './badges';
import { useRunComparison } from './use-audit';

const STATUS_VARIANT = {
  completed: 'success',
  failed: 'destructive',
  running: 'info',
  queued: 'outline',
} as const;

/** Runs of one minute are told apart by their seconds. */
function runLabel(run: AuditRunInfo, t: TFunction<'audit'>) {
  const when = formatDateTime(run.createdAt);
  return run.overallCompliance === null
    ? when
    : t('runs.label', { when, percent: formatWholePercent(run.overallCompliance) });
}

function Comparison({ runs }: { runs: AuditRunInfo[] }) {
  const { t } = useTranslation('audit');
  const completed = runs.filter((r) => r.status === 'completed');
  // Until a run is picked: the latest run against the one before it.
  const [pickedFrom, setFrom] = useState<string | null>(null);
  const [pickedTo, setTo] = useState<string | null>(null);
  const from = pickedFrom ?? completed[1]?.id ?? null;
  const to = pickedTo ?? completed[0]?.id ?? null;
  const comparison = useRunComparison(from, to);
  if (completed.length < 2) {
    return <p className="text-sm text-muted-foreground">{t('runs.runTwice')}</p>;
  }
  const picker = (label: string, value: string | null, onChange: (v: string) => void) => (
    <Select value={value ?? undefined} onValueChange={onChange}>
      <SelectTrigger aria-label={label} className="w-full sm:w-72">
        <SelectValue placeholder={label} />
      </SelectTrigger>
      <SelectContent>
        {completed.map((r) => (
          <SelectItem key={r.id} value={r.id}>
            {runLabel(r, t)}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
  return (
    <div className="grid gap-3">
      <div className="flex flex-wrap items-center gap-2">
        {picker(t('runs.compareFrom'), from, setFrom)}
        <ArrowRight aria-hidden className="size-4 text-muted-foreground" />
        {picker(t('runs.compareTo'), to, setTo)}
      </div>
      {from === to ? (
        <p className="text-sm text-muted-foreground">{t('runs.chooseTwo')}</p>
      ) : comparison.isPending ? (
        <Spinner label={t('runs.comparing')} />
      ) : comparison.isError ? (
        <p role="alert" className="text-sm text-destructive">
          {errorText(comparison.error)}
        </p>
      ) : comparison.data.changes.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('runs.noChanges')}</p>
      ) : (
        <Table>
          <TableHeader>
            <TableRow>
              <TableHead>{t('runs.item')}</TableHead>
              <TableHead>{t('runs.before')}</TableHead>
              <TableHead>{t('runs.after')}</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {comparison.data.changes.map((c) => (
              <TableRow key={c.checklistItemId}>
                <TableCell className="align-top">
                  <span className="font-medium tabular-nums">{c.checklistItemId}</span>
                  <span className="block max-w-md text-xs text-muted-foreground">
                    {c.requirement}
                  </span>
                </TableCell>
                <TableCell className="align-top">
                  <span className="flex flex-wrap gap-1">
                    {c.fromStatus ? <ComplianceStatusBadge status={c.fromStatus} /> : '—'}
                    {c.fromRisk && <RiskBadge risk={c.fromRisk} />}
                  </span>
                </TableCell>
                <TableCell className="align-top">
                  <span className="flex flex-wrap gap-1">
                    {c.toStatus ? <ComplianceStatusBadge status={c.toStatus} /> : '—'}
                    {c.toRisk && <RiskBadge risk={c.toRisk} />}
                  </span>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </div>
  );
}

/** Past runs, the one shown, and a comparison of two. */
export function RunHistory({
  runs,
  shownId,
  onShow,
}: {
  runs: AuditRunInfo[];
  shownId: string | null;
  onShow: (id: string) => void;
}) {
  const { t } = useTranslation('audit');
  const [comparing, setComparing] = useState(false);
  return (
    <Card>
      <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-3">
        <div className="grid gap-1.5">
          <CardTitle>{t('runs.title')}</CardTitle>
          <CardDescription>{t('runs.description')}</CardDescription>
        </div>
        <Button
          variant="outline"
          size="sm"
          onClick={() => setComparing((v) => !v)}
          aria-expanded={comparing}
        >
          <GitCompare aria-hidden /> {comparing ? t('runs.hideComparison') : t('runs.compare')}
        </Button>
      </CardHeader>
      <CardContent className="grid gap-4">
        {comparing && <Comparison runs={runs} />}
        <Table>
          <TableHeader>
            <TableRow>
              <TableHead>{t('runs.started')}</TableHead>
              <TableHead>{t('runs.status')}</TableHead>
              <TableHead className="text-right">{t('runs.overall')}</TableHead>
              <TableHead className="text-right">{t('runs.documents')}</TableHead>
              <TableHead>{t('runs.reasoner')}</TableHead>
              <TableHead>{t('runs.startedBy')}</TableHead>
              <TableHead>
                <span className="sr-only">{t('runs.actions')}</span>
              </TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {runs.map((run) => (
              <TableRow key={run.id} aria-current={run.id === shownId ? 'true' : undefined}>
                <TableCell className="whitespace-nowrap">{formatDateTime(run.createdAt)}</TableCell>
                <TableCell>
                  <Badge variant={STATUS_VARIANT[run.status]}>
                    {t(`runs.runStatus.${run.status}`)}
                  </Badge>
                  {run.status === 'failed' && run.errorMessage && (
                    <span className="block text-xs text-destructive">{run.errorMessage}</span>
                  )}
                </TableCell>
                <TableCell className="text-right tabular-nums">
                  {run.overallCompliance === null ? '—' : formatWholePercent(run.overallCompliance)}
                </TableCell>
                <TableCell className="text-right tabular-nums">
                  {run.documentCount === null ? '—' : formatNumber(run.documentCount)}
                </TableCell>
                <TableCell className="max-w-56 text-xs text-muted-foreground">
                  {run.reasoner ?? '—'}
                </TableCell>
                <TableCell className="text-sm">{run.startedBy ?? '—'}</TableCell>
                <TableCell className="text-right">
                  {run.status === 'completed' &&
                    (run.id === shownId ? (
                      <span className="text-xs text-muted-foreground">{t('runs.shown')}</span>
                    ) : (
                      <Button variant="ghost" size="sm" onClick={() => onShow(run.id)}>
                        {t('runs.view')}
                        <span className="sr-only">
                          {t('runs.viewRunOf', { date: formatDateTime(run.createdAt) })}
                        </span>
                      </Button>
                    ))}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </CardContent>
    </Card>
  );
}
