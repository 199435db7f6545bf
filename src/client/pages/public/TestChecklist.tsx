import { useQuery } from '@tanstack/react-query';
import { CircleCheck, CircleX, RefreshCw } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '../../components/ui/table';
import { BrandMark, useDocumentTitle } from '../../features/marketing/brand';
import {
  catalogueSummary,
  checkCatalogue,
  EXPECTED_AREAS,
  EXPECTED_TOTAL,
  type CatalogueCheck,
} from '../../features/marketing/checklist-expectations';
import { usePublicText } from '../../i18n/lite';
import { ApiError, apiRequest } from '../../lib/api';
import { cn } from '../../lib/utils';

const SUMMARY_PATH = '/api/checklist/catalogue-summary';

function Verdict({ ok, title, children }: { ok: boolean; title: string; children?: ReactNode }) {
  const t = usePublicText('marketing');
  const Icon = ok ? CircleCheck : CircleX;
  return (
    <div
      role="status"
      className={cn(
        'flex gap-3 rounded-lg border p-4',
        ok
          ? 'border-emerald-200 bg-emerald-50 text-emerald-900'
          : 'border-red-200 bg-red-50 text-red-900',
      )}
    >
      <Icon
        aria-hidden
        className={cn('mt-0.5 size-5 shrink-0', ok ? 'text-emerald-600' : 'text-red-600')}
      />
      <div className="grid gap-1">
        <p className="font-semibold">
          <span className="sr-only">
            {ok ? t('testChecklist.verdict.passed') : t('testChecklist.verdict.failed')}
          </span>
          {title}
        </p>
        {children && <div className="text-sm leading-relaxed opacity-90">{children}</div>}
      </div>
    </div>
  );
}

function ResultBadge({ ok }: { ok: boolean }) {
  const t = usePublicText('marketing');
  return ok ? (
    <Badge variant="success">
      <CircleCheck aria-hidden className="size-3" /> {t('testChecklist.table.pass')}
    </Badge>
  ) : (
    <Badge className="bg-red-100 text-red-800">
      <CircleX aria-hidden className="size-3" /> {t('testChecklist.table.fail')}
    </Badge>
  );
}

function AreaTable({ check, foundKnown }: { check: CatalogueCheck; foundKnown: boolean }) {
  const t = usePublicText('marketing');
  const notChecked = <Badge variant="outline">{t('testChecklist.table.notChecked')}</Badge>;
  return (
    <div className="rounded-lg border bg-card shadow-sm">
      <Table>
        <caption className="sr-only">{t('testChecklist.table.caption')}</caption>
        <TableHeader>
          <TableRow>
            <TableHead className="hidden w-10 sm:table-cell">#</TableHead>
            <TableHead>{t('testChecklist.table.area')}</TableHead>
            <TableHead className="text-right">{t('testChecklist.table.expected')}</TableHead>
            <TableHead className="text-right">{t('testChecklist.table.found')}</TableHead>
            <TableHead>{t('testChecklist.table.result')}</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {check.areas.map((area, index) => (
            <TableRow key={area.key}>
              <TableCell className="hidden tabular-nums text-muted-foreground sm:table-cell">
                {area.expected === null ? '–' : index + 1}
              </TableCell>
              <TableCell className="font-medium">
                {area.name}
                {area.expected === null && (
                  <span className="ml-2 text-xs font-normal text-red-700">
                    {t('testChecklist.table.unexpected')}
                  </span>
                )}
              </TableCell>
              <TableCell className="text-right tabular-nums">{area.expected ?? '–'}</TableCell>
              <TableCell className="text-right tabular-nums">
                {foundKnown ? area.found : '–'}
              </TableCell>
              <TableCell>{foundKnown ? <ResultBadge ok={area.ok} /> : notChecked}</TableCell>
            </TableRow>
          ))}
          <TableRow className="bg-muted/60 font-semibold hover:bg-muted/60">
            <TableCell className="hidden sm:table-cell" />
            <TableCell>{t('testChecklist.table.total')}</TableCell>
            <TableCell className="text-right tabular-nums">{EXPECTED_TOTAL}</TableCell>
            <TableCell className="text-right tabular-nums">
              {foundKnown ? check.total : '–'}
            </TableCell>
            <TableCell>{foundKnown ? <ResultBadge ok={check.totalOk} /> : notChecked}</TableCell>
          </TableRow>
        </TableBody>
      </Table>
    </div>
  );
}

/** /test-checklist: counts the catalogue's items per area and passes only at 200 (spec: regulatory-admin §2). */
export default function TestChecklist() {
  const t = usePublicText('marketing');
  useDocumentTitle(t('testChecklist.title'));
  const query = useQuery({
    queryKey: [SUMMARY_PATH],
    queryFn: () => apiRequest('GET', SUMMARY_PATH, undefined, catalogueSummary),
  });
  const missing = query.error instanceof ApiError && query.error.status === 404;
  const otherError = query.isError && !missing;
  const check = checkCatalogue(query.data ?? null);

  return (
    <div className="min-h-screen bg-background">
      <header className="border-b bg-white">
        <div className="mx-auto flex h-16 max-w-4xl items-center justify-between gap-4 px-4 sm:px-6">
          <Link to="/" aria-label={t('brand.home')} className="rounded-md">
            <BrandMark />
          </Link>
          <Badge variant="warning">{t('debug.developerPage')}</Badge>
        </div>
      </header>
      <main className="mx-auto max-w-4xl px-4 py-10 sm:px-6">
        <h1 className="text-2xl font-bold tracking-tight text-primary sm:text-3xl">
          {t('testChecklist.title')}
        </h1>
        <p className="mt-3 max-w-2xl leading-relaxed text-muted-foreground">
          {t('testChecklist.intro.start')}
          <code className="rounded bg-muted px-1 py-0.5 text-xs">GET {SUMMARY_PATH}</code>
          {t('testChecklist.intro.end', { areas: EXPECTED_AREAS.length, total: EXPECTED_TOTAL })}
        </p>
        <div className="mt-6 flex items-center gap-3">
          <Button
            variant="outline"
            onClick={() => void query.refetch()}
            disabled={query.isFetching}
          >
            <RefreshCw aria-hidden className={cn(query.isFetching && 'animate-spin')} />{' '}
            {t('testChecklist.runAgain')}
          </Button>
        </div>

        <section aria-labelledby="result" className="mt-8 grid grid-cols-[minmax(0,1fr)] gap-6">
          <h2 id="result" className="sr-only">
            {t('testChecklist.result')}
          </h2>
          {query.isPending ? (
            <div className="flex items-center gap-3 rounded-lg border bg-card p-4 text-sm text-muted-foreground">
              <Spinner label={t('testChecklist.checking')} /> {t('testChecklist.asking')}
            </div>
          ) : missing ? (
            <Verdict ok={false} title={t('testChecklist.missing.title', { total: EXPECTED_TOTAL })}>
              {t('testChecklist.missing.body')}
            </Verdict>
          ) : otherError ? (
            <Verdict ok={false} title={t('testChecklist.error.title')}>
              {query.error instanceof ApiError
                ? query.error.userMessage
                : (query.error?.message ?? t('testChecklist.error.unknown'))}
            </Verdict>
          ) : check.ok ? (
            <Verdict
              ok
              title={t('testChecklist.success.title', {
                found: check.total,
                total: EXPECTED_TOTAL,
                areas: EXPECTED_AREAS.length,
              })}
            >
              {t('testChecklist.success.body', { version: query.data?.version ?? '' })}
            </Verdict>
          ) : (
            <Verdict
              ok={false}
              title={t('testChecklist.failure.title', {
                found: check.total,
                total: EXPECTED_TOTAL,
              })}
            >
              {!check.sumOk ? t('testChecklist.failure.sum') : ''}
              {t('testChecklist.failure.areas', {
                failed: check.areas.filter((area) => !area.ok).length,
                total: check.areas.length,
              })}
            </Verdict>
          )}
          {!query.isPending && <AreaTable check={check} foundKnown={!otherError} />}
        </section>
      </main>
    </div>
  );
}
