import { ArrowRight, GitCompare } from 'lucide-react';
import { useState } from 'react';
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
import { formatDateTime } from '../../lib/format';
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
function runLabel(run: AuditRunInfo) {
  const when = formatDateTime(run.createdAt);
  return run.overallCompliance === null ? when : `${when} · ${run.overallCompliance}%`;
}

function Comparison({ runs }: { runs: AuditRunInfo[] }) {
  const completed = runs.filter((r) => r.status === 'completed');
  // Until a run is picked: the latest run against the one before it.
  const [pickedFrom, setFrom] = useState<string | null>(null);
  const [pickedTo, setTo] = useState<string | null>(null);
  const from = pickedFrom ?? completed[1]?.id ?? null;
  const to = pickedTo ?? completed[0]?.id ?? null;
  const comparison = useRunComparison(from, to);
  if (completed.length < 2) {
    return (
      <p className="text-sm text-muted-foreground">Run the analysis twice to compare results.</p>
    );
  }
  const picker = (label: string, value: string | null, onChange: (v: string) => void) => (
    <Select value={value ?? undefined} onValueChange={onChange}>
      <SelectTrigger aria-label={label} className="w-full sm:w-72">
        <SelectValue placeholder={label} />
      </SelectTrigger>
      <SelectContent>
        {completed.map((r) => (
          <SelectItem key={r.id} value={r.id}>
            {runLabel(r)}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
  return (
    <div className="grid gap-3">
      <div className="flex flex-wrap items-center gap-2">
        {picker('Compare from', from, setFrom)}
        <ArrowRight aria-hidden className="size-4 text-muted-foreground" />
        {picker('Compare to', to, setTo)}
      </div>
      {from === to ? (
        <p className="text-sm text-muted-foreground">Choose two different runs.</p>
      ) : comparison.isPending ? (
        <Spinner label="Comparing runs" />
      ) : comparison.isError ? (
        <p role="alert" className="text-sm text-destructive">
          {errorText(comparison.error)}
        </p>
      ) : comparison.data.changes.length === 0 ? (
        <p className="text-sm text-muted-foreground">No requirement changed status or risk.</p>
      ) : (
        <Table>
          <TableHeader>
            <TableRow>
              <TableHead>Item</TableHead>
              <TableHead>Before</TableHead>
              <TableHead>After</TableHead>
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
  const [comparing, setComparing] = useState(false);
  return (
    <Card>
      <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-3">
        <div className="grid gap-1.5">
          <CardTitle>Run History</CardTitle>
          <CardDescription>Every analysis is kept with its result.</CardDescription>
        </div>
        <Button
          variant="outline"
          size="sm"
          onClick={() => setComparing((v) => !v)}
          aria-expanded={comparing}
        >
          <GitCompare aria-hidden /> {comparing ? 'Hide comparison' : 'Compare runs'}
        </Button>
      </CardHeader>
      <CardContent className="grid gap-4">
        {comparing && <Comparison runs={runs} />}
        <Table>
          <TableHeader>
            <TableRow>
              <TableHead>Started</TableHead>
              <TableHead>Status</TableHead>
              <TableHead className="text-right">Overall</TableHead>
              <TableHead className="text-right">Documents</TableHead>
              <TableHead>Reasoner</TableHead>
              <TableHead>Started by</TableHead>
              <TableHead>
                <span className="sr-only">Actions</span>
              </TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {runs.map((run) => (
              <TableRow key={run.id} aria-current={run.id === shownId ? 'true' : undefined}>
                <TableCell className="whitespace-nowrap">{formatDateTime(run.createdAt)}</TableCell>
                <TableCell>
                  <Badge variant={STATUS_VARIANT[run.status]}>{run.status}</Badge>
                  {run.status === 'failed' && run.errorMessage && (
                    <span className="block text-xs text-destructive">{run.errorMessage}</span>
                  )}
                </TableCell>
                <TableCell className="text-right tabular-nums">
                  {run.overallCompliance === null ? '—' : `${run.overallCompliance}%`}
                </TableCell>
                <TableCell className="text-right tabular-nums">
                  {run.documentCount ?? '—'}
                </TableCell>
                <TableCell className="max-w-56 text-xs text-muted-foreground">
                  {run.reasoner ?? '—'}
                </TableCell>
                <TableCell className="text-sm">{run.startedBy ?? '—'}</TableCell>
                <TableCell className="text-right">
                  {run.status === 'completed' &&
                    (run.id === shownId ? (
                      <span className="text-xs text-muted-foreground">Shown</span>
                    ) : (
                      <Button variant="ghost" size="sm" onClick={() => onShow(run.id)}>
                        View<span className="sr-only"> run of {formatDateTime(run.createdAt)}</span>
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
