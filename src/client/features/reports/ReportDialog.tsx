import { Download, FileArchive, FileCheck2 } from 'lucide-react';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  createReportRequest,
  proofArchiveQuery,
  REPORT_FORMATS,
  REPORT_SCOPES,
  REPORT_TYPES,
  type Report,
  type ReportScope,
} from '@shared/api/reports';
import { Button } from '../../components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '../../components/ui/dialog';
import { FormField, TextField } from '../../components/ui/form-field';
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '../../components/ui/select';
import { Spinner } from '../../components/ui/spinner';
import { readerMessage } from '../../i18n/messages';
import { ApiError } from '../../lib/api';
import { formatDate, formatDateTime, formatNumber } from '../../lib/format';
import { useReport, useReports, useRequestReport } from './use-reports';
import { exportScope } from './export-scope';

type ReportType = (typeof REPORT_TYPES)[number];
type ReportFormat = (typeof REPORT_FORMATS)[number];

/** Today and the first day of this month, as the reader's calendar has them. */
function thisMonth() {
  const now = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  const ymd = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
  return { from: ymd(new Date(now.getFullYear(), now.getMonth(), 1)), to: ymd(now) };
}

function ReportLinks({ report }: { report: Report }) {
  const { t } = useTranslation('reports');
  return (
    <div className="flex flex-wrap items-center gap-2">
      <Button asChild size="sm">
        <a href={`/api/reports/${report.id}/download`} download={report.fileName}>
          <Download /> {t('download', { format: t(`formats.${report.format}`) })}
        </a>
      </Button>
      <Button asChild size="sm" variant="outline">
        <a
          href={`/api/reports/${report.id}/manifest`}
          download={`${report.fileName}.manifest.json`}
        >
          <FileCheck2 /> {t('manifest')}
        </a>
      </Button>
    </div>
  );
}

function ReportStatus({ id }: { id: string }) {
  const { t } = useTranslation('reports');
  const { data: report, error } = useReport(id);
  if (error) return <p role="alert">{t('statusFailed')}</p>;
  if (!report) return <Spinner label={t('queued')} />;
  if (report.status === 'failed') {
    return (
      <p role="alert" className="text-sm text-destructive">
        {report.error ?? t('statusFailed')}
      </p>
    );
  }
  if (report.status !== 'completed') {
    return (
      <div className="grid gap-1.5" aria-live="polite">
        <p className="text-sm">{t(report.status === 'queued' ? 'queued' : 'running')}</p>
        <div
          role="progressbar"
          aria-label={t('progress')}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={report.progress}
          className="h-2 overflow-hidden rounded bg-muted"
        >
          <div
            className="h-full bg-primary transition-all"
            style={{ width: `${report.progress}%` }}
          />
        </div>
      </div>
    );
  }
  return (
    <div className="grid gap-2 rounded-md border p-3" aria-live="polite">
      <p className="text-sm font-medium">{t('ready')}</p>
      <p className="text-xs text-muted-foreground">
        {t('readyDetail', {
          size: formatNumber(Math.ceil((report.sizeBytes ?? 0) / 1024)),
          entries: report.treeHead?.treeSize ?? 0,
        })}
      </p>
      <p className="break-all font-mono text-xs">SHA-256 {report.sha256}</p>
      <ReportLinks report={report} />
    </div>
  );
}

/**
 * The header's Export: choose a report type, format, period and scope; the server generates it
 * as a job, this polls its progress, then offers the file and its manifest.
 */
export function ReportDialog({ trigger }: { trigger: ReactNode }) {
  const { t } = useTranslation('reports');
  const [open, setOpen] = useState(false);
  const [type, setType] = useState<ReportType>('summary');
  const [format, setFormat] = useState<ReportFormat>('pdf');
  const [period, setPeriod] = useState(thisMonth);
  const [scopeKind, setScopeKind] = useState<ReportScope['kind']>('organization');
  const [scopeValue, setScopeValue] = useState('');
  const [error, setError] = useState<{ path: string; message: string } | null>(null);
  const [current, setCurrent] = useState<string | null>(null);
  const request = useRequestReport();
  const recent = useReports(open);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = createReportRequest.safeParse({
      type,
      format,
      from: period.from,
      to: period.to,
      scope:
        scopeKind === 'organization' ? { kind: scopeKind } : { kind: scopeKind, value: scopeValue },
    });
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      setError({ path: issue?.path.join('.') ?? '', message: issue?.message ?? '' });
      return;
    }
    setError(null);
    try {
      setCurrent((await request.mutateAsync(parsed.data)).id);
    } catch (failure) {
      setError({
        path: '',
        message: failure instanceof ApiError ? failure.userMessage : t('checkConnection'),
      });
    }
  };
  const archiveQuery = {
    from: period.from,
    to: period.to,
    scope: scopeKind,
    ...(scopeKind === 'organization' ? {} : { value: scopeValue }),
  };
  const proofArchiveHref = `/api/reports/proof-archive?${new URLSearchParams(archiveQuery)}`;
  const fieldError = (path: string) => (error?.path === path ? error.message : undefined);
  const earlier = (recent.data ?? []).filter((r) => r.id !== current && r.status === 'completed');

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        // Each opening starts from the screen's scope (an instructor's file, a trainee's record).
        if (next) {
          const scope = exportScope();
          setScopeKind(scope.kind);
          setScopeValue(scope.value ?? '');
        }
        setOpen(next);
      }}
    >
      <DialogTrigger asChild>{trigger}</DialogTrigger>
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-xl">
        <DialogHeader>
          <DialogTitle>{t('title')}</DialogTitle>
          <DialogDescription>{t('description')}</DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} noValidate className="grid gap-4">
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField id="report-type" label={t('type')}>
              <Select value={type} onValueChange={(v) => setType(v as ReportType)}>
                <SelectTrigger id="report-type">
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  {REPORT_TYPES.map((id) => (
                    <SelectItem key={id} value={id}>
                      {t(`types.${id}`)}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            </FormField>
            <FormField id="report-format" label={t('format')}>
              <Select value={format} onValueChange={(v) => setFormat(v as ReportFormat)}>
                <SelectTrigger id="report-format">
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  {REPORT_FORMATS.map((id) => (
                    <SelectItem key={id} value={id}>
                      {t(`formats.${id}`)}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            </FormField>
            <TextField
              id="report-from"
              label={t('from')}
              type="date"
              value={period.from}
              error={fieldError('from')}
              onChange={(e) => setPeriod((p) => ({ ...p, from: e.target.value }))}
            />
            <TextField
              id="report-to"
              label={t('to')}
              type="date"
              value={period.to}
              error={fieldError('to')}
              onChange={(e) => setPeriod((p) => ({ ...p, to: e.target.value }))}
            />
            <FormField id="report-scope" label={t('scope')}>
              <Select
                value={scopeKind}
                onValueChange={(v) => setScopeKind(v as ReportScope['kind'])}
              >
                <SelectTrigger id="report-scope">
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  {REPORT_SCOPES.map((id) => (
                    <SelectItem key={id} value={id}>
                      {t(`scopes.${id}`)}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            </FormField>
            {scopeKind !== 'organization' && (
              <TextField
                id="report-scope-value"
                label={t(`scopeValue.${scopeKind}`)}
                value={scopeValue}
                error={fieldError('scope.value')}
                onChange={(e) => setScopeValue(e.target.value)}
              />
            )}
          </div>
          <p className="text-sm text-muted-foreground">{t(`typeHints.${type}`)}</p>
          {error && !['from', 'to', 'scope.value'].includes(error.path) && (
            <p role="alert" className="text-sm text-destructive">
              {readerMessage(error.message)}
            </p>
          )}
          <div className="flex flex-wrap items-center justify-end gap-2">
            <Button asChild variant="outline" title={t('proofArchiveHint')}>
              <a
                href={proofArchiveHref}
                download
                onClick={(event) => {
                  const parsed = proofArchiveQuery.safeParse(archiveQuery);
                  if (!parsed.success) {
                    event.preventDefault();
                    const issue = parsed.error.issues[0];
                    const path =
                      issue?.path.join('.') === 'value' ? 'scope.value' : issue?.path.join('.');
                    setError({ path: path ?? '', message: issue?.message ?? '' });
                  }
                }}
              >
                <FileArchive /> {t('proofArchive')}
              </a>
            </Button>
            <Button type="submit" disabled={request.isPending}>
              {request.isPending ? t('starting') : t('generate')}
            </Button>
          </div>
        </form>
        {current && <ReportStatus id={current} />}
        {earlier.length > 0 && (
          <section aria-labelledby="earlier-reports" className="grid gap-2 border-t pt-3">
            <h3 id="earlier-reports" className="text-sm font-semibold">
              {t('earlier')}
            </h3>
            <ul className="grid gap-2">
              {earlier.slice(0, 5).map((r) => (
                <li
                  key={r.id}
                  className="flex flex-wrap items-center justify-between gap-2 text-sm"
                >
                  <span>
                    {t('earlierLine', {
                      type: t(`types.${r.type}`),
                      from: formatDate(r.from),
                      to: formatDate(r.to),
                      at: formatDateTime(r.completedAt ?? r.createdAt),
                    })}
                  </span>
                  <ReportLinks report={r} />
                </li>
              ))}
            </ul>
          </section>
        )}
      </DialogContent>
    </Dialog>
  );
}
