import type { TFunction } from 'i18next';
import { ArrowLeft, CheckCircle2, Upload } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import {
  IMPORT_MAX_BYTES,
  IMPORT_MAX_ROWS,
  type ColumnMapping,
  type ImportPreview,
  type ImportResult,
} from '@shared/api/training-events';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../components/ui/card';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { Spinner } from '../../components/ui/spinner';
import { useAuth } from '../../features/auth/use-auth';
import { ImportPreviewCard } from '../../features/records/ImportPreviewCard';
import { useDocument } from '../../features/documents/use-document';
import {
  useCommitImport,
  usePreviewImport,
  type ImportSource,
} from '../../features/records/use-import';
import { ApiError } from '../../lib/api';
import { formatNumber } from '../../lib/format';

const MB = IMPORT_MAX_BYTES / 1024 / 1024;

/** Refused before upload: what the server would refuse anyway, said sooner. */
function fileProblem(t: TFunction, file: File): string | null {
  if (!/\.(csv|xlsx)$/i.test(file.name)) {
    return t('records:import.notSpreadsheet', { name: file.name });
  }
  if (file.size > IMPORT_MAX_BYTES) {
    return t('records:import.tooLarge', { name: file.name, mb: formatNumber(MB) });
  }
  return null;
}

function Problem({ error }: { error: { title: string; detail: unknown } }) {
  const { t } = useTranslation('records');
  const issues = error.detail instanceof ApiError ? (error.detail.body?.issues ?? []) : [];
  const message =
    error.detail instanceof ApiError
      ? error.detail.userMessage
      : error.detail instanceof Error
        ? error.detail.message
        : String(error.detail);
  return (
    <div
      role="alert"
      className="rounded-md border border-destructive/30 bg-destructive/5 p-3 text-sm text-destructive"
    >
      <p className="font-semibold">{error.title}</p>
      <p>{message}</p>
      {issues.length > 0 && (
        <ul className="mt-1 list-disc pl-5 text-xs">
          {issues.slice(0, 10).map((issue, i) => (
            <li key={i}>
              {issue.path}: {issue.message}
            </li>
          ))}
          {issues.length > 10 && <li>{t('import.moreIssues', { count: issues.length - 10 })}</li>}
        </ul>
      )}
    </div>
  );
}

export default function TrainingEventImport() {
  const { t } = useTranslation('records');
  const { can } = useAuth();
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  // ?document=<id>: the rows of a spreadsheet already uploaded in Document Import.
  const [params] = useSearchParams();
  const documentId = params.get('document');
  const stored = useDocument(documentId ?? '', { enabled: Boolean(documentId) });
  const [file, setFile] = useState<ImportSource | null>(null);
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  const [result, setResult] = useState<ImportResult | null>(null);
  const [error, setError] = useState<{ title: string; detail: unknown } | null>(null);
  const previewing = usePreviewImport();
  const committing = useCommitImport();

  const check = (chosen: ImportSource, mapping?: ColumnMapping) => {
    setError(null);
    previewing.mutate(
      { source: chosen, mapping },
      {
        onSuccess: setPreview,
        onError: (detail) => setError({ title: t('import.previewFailed'), detail }),
      },
    );
  };
  const onFile = (chosen: File | undefined) => {
    if (!chosen) return;
    setResult(null);
    setPreview(null);
    const problem = fileProblem(t, chosen);
    if (problem) {
      setFile(null);
      setError({ title: t('importPreview.chooseAnother'), detail: new Error(problem) });
      return;
    }
    setFile({ file: chosen });
    check({ file: chosen });
  };
  const storedName = stored.data?.originalName;
  useEffect(() => {
    if (!documentId || !storedName) return;
    const source = { documentId, name: storedName };
    setFile(source);
    check(source);
    // Preview once per stored document; later previews follow the user's mapping.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [documentId, storedName]);
  const reset = () => {
    setFile(null);
    setPreview(null);
    setError(null);
    if (input.current) input.current.value = '';
  };
  const commit = () => {
    if (!file || !preview) return;
    setError(null);
    committing.mutate(
      { source: file, mapping: preview.mapping },
      {
        onSuccess: (done) => {
          reset();
          setResult(done);
        },
        onError: (detail) => setError({ title: t('import.nothingImported'), detail }),
      },
    );
  };

  if (!can('manageDocuments')) {
    return (
      <p className="rounded-md bg-muted p-3 text-sm text-muted-foreground">
        {t('import.notAllowed')}
      </p>
    );
  }

  return (
    <div className="mx-auto grid max-w-6xl gap-6">
      <Link
        to="/compliance-records"
        className="inline-flex w-fit items-center gap-1 text-sm text-muted-foreground hover:text-foreground"
      >
        <ArrowLeft aria-hidden className="size-4" /> {t('actions.backToRecords')}
      </Link>
      {result && (
        <div role="status" className="flex gap-2 rounded-md bg-green-50 p-4 text-green-900">
          <CheckCircle2 aria-hidden className="mt-0.5 size-5 shrink-0 text-green-700" />
          <div>
            <p className="font-semibold">
              {t('import.imported', {
                count: result.imported,
                n: formatNumber(result.imported),
              })}
            </p>
            <p className="text-sm">
              {t('import.leaves', {
                first: result.firstLedgerIndex,
                last: result.lastLedgerIndex,
              })}{' '}
              <Link to="/compliance-records" className="font-medium underline underline-offset-4">
                {t('import.seeThem')}
              </Link>
            </p>
          </div>
        </div>
      )}
      <Card>
        <CardHeader>
          <CardTitle>{t('import.title')}</CardTitle>
          <CardDescription>
            {t('import.description', {
              mb: formatNumber(MB),
              rows: formatNumber(IMPORT_MAX_ROWS),
            })}
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-3">
          {documentId && (
            <p className="rounded-md bg-muted p-3 text-sm">
              {stored.isError ? (
                t('import.documentFailed', { message: stored.error.message })
              ) : (
                <Trans
                  t={t}
                  i18nKey="import.fromDocument"
                  values={{ name: storedName ?? t('import.storedSpreadsheet') }}
                  components={{
                    doc: (
                      <Link
                        to={`/documents/${documentId}`}
                        className="font-medium text-primary hover:underline"
                      />
                    ),
                  }}
                />
              )}
            </p>
          )}
          <Label htmlFor={inputId}>{t('import.fileLabel')}</Label>
          <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
            <Input
              ref={input}
              id={inputId}
              type="file"
              accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
              onChange={(event) => onFile(event.target.files?.[0])}
              className="cursor-pointer sm:max-w-md file:mr-2 file:rounded file:border-0 file:bg-muted file:px-2 file:py-1"
            />
            {previewing.isPending && !preview && (
              <span className="flex items-center gap-2 text-sm text-muted-foreground">
                <Spinner label={t('import.readingLabel')} /> {t('import.reading')}
              </span>
            )}
          </div>
          {!preview && !previewing.isPending && (
            <p className="flex items-center gap-2 text-xs text-muted-foreground">
              <Upload aria-hidden className="size-3.5" /> {t('import.formats')}
            </p>
          )}
        </CardContent>
      </Card>
      {error && <Problem error={error} />}
      {preview && (
        <ImportPreviewCard
          preview={preview}
          busy={previewing.isPending}
          committing={committing.isPending}
          onMapping={(mapping) => file && check(file, mapping)}
          onCommit={commit}
          onReset={reset}
        />
      )}
    </div>
  );
}
