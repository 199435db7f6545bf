import type { TFunction } from 'i18next';
import { AlertTriangle, CheckCircle2, FileSpreadsheet } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { RecordField } from '@shared/api/fields';
import type { ImportPreview } from '@shared/api/training-events';
import { Button } from '../../components/ui/button';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../components/ui/card';
import { Spinner } from '../../components/ui/spinner';
import { formatNumber } from '../../lib/format';
import {
  ImportMapping,
  recordImportFields,
  type FieldMapping,
  type ImportFieldSet,
} from './ImportMapping';
import { ImportPreviewTable } from './ImportPreviewTable';

/** A preview as the server answers it, whichever fields the import fills. */
export type PreviewOf<F extends string> = Omit<ImportPreview, 'mapping'> & {
  mapping: FieldMapping<F>;
};

/**
 * What an import's rows become, in the card's words (in the reader's language, built when
 * drawn), with the fields it maps.
 */
export interface ImportSubject<F extends string> extends ImportFieldSet<F> {
  /** One row as saved ("training event") and several ("training events"). */
  one: string;
  many: string;
  /** Why a file imported before is refused: "no event is recorded twice". */
  recordedOnce: string;
}

const trainingEvents = (t: TFunction): ImportSubject<RecordField> => ({
  ...recordImportFields(t),
  one: t('records:importPreview.subject.one'),
  many: t('records:importPreview.subject.many'),
  recordedOnce: t('records:importPreview.subject.recordedOnce'),
});

const rowCount = (t: TFunction, n: number) =>
  t('records:importPreview.rows', { count: n, n: formatNumber(n) });

function Summary({
  preview,
  recordedOnce,
}: {
  preview: Omit<ImportPreview, 'mapping'>;
  recordedOnce: string;
}) {
  const { t } = useTranslation('records');
  if (preview.alreadyImported) {
    return (
      <p role="alert" className="flex gap-2 rounded-md bg-amber-50 p-3 text-sm text-amber-900">
        <AlertTriangle aria-hidden className="mt-0.5 size-4 shrink-0" />
        {t('importPreview.alreadyImported', {
          // The spec's words show the day of the first import as YYYY-MM-DD.
          date: preview.alreadyImported.importedAt.slice(0, 10),
          rows: rowCount(t, preview.alreadyImported.rowCount),
          recordedOnce,
        })}
      </p>
    );
  }
  if (preview.totalRows === 0) {
    return (
      <p role="alert" className="rounded-md bg-amber-50 p-3 text-sm text-amber-900">
        {t('importPreview.noRows')}
      </p>
    );
  }
  if (preview.errorRows > 0) {
    return (
      <p role="alert" className="flex gap-2 rounded-md bg-red-50 p-3 text-sm text-red-900">
        <AlertTriangle aria-hidden className="mt-0.5 size-4 shrink-0" />
        {t('importPreview.withErrors', {
          count: preview.errorRows,
          n: formatNumber(preview.errorRows),
          total: formatNumber(preview.totalRows),
        })}
      </p>
    );
  }
  return (
    <p role="status" className="flex gap-2 rounded-md bg-green-50 p-3 text-sm text-green-900">
      <CheckCircle2 aria-hidden className="mt-0.5 size-4 shrink-0" />
      {t('importPreview.allReady', {
        count: preview.totalRows,
        n: formatNumber(preview.totalRows),
      })}
    </p>
  );
}

/** The preview step: mapping the user can change, every row with its problems, and the commit. */
export function ImportPreviewCard<F extends string = RecordField>({
  // Left out only by the training-records import, whose preview's fields are RecordField.
  subject: given,
  preview,
  busy,
  committing,
  onMapping,
  onCommit,
  onReset,
}: {
  subject?: ImportSubject<F>;
  preview: PreviewOf<F>;
  busy: boolean;
  committing: boolean;
  onMapping: (mapping: FieldMapping<F>) => void;
  onCommit: () => void;
  onReset: () => void;
}) {
  const { t } = useTranslation('records');
  const subject = given ?? (trainingEvents(t) as unknown as ImportSubject<F>);
  const ready = !preview.alreadyImported && preview.totalRows > 0 && preview.errorRows === 0;
  return (
    <Card aria-busy={busy}>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <FileSpreadsheet aria-hidden className="size-4" />{' '}
          {t('importPreview.title', { name: preview.fileName })}
        </CardTitle>
        <CardDescription>
          {t('importPreview.meta', {
            format: preview.format.toUpperCase(),
            rows: rowCount(t, preview.totalRows),
            ready: formatNumber(preview.validRows),
            errors: formatNumber(preview.errorRows),
          })}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5">
        <Summary preview={preview} recordedOnce={subject.recordedOnce} />
        <section className="grid gap-2" aria-labelledby="mapping-title">
          <h3 id="mapping-title" className="text-sm font-semibold">
            {t('importPreview.columns')}
          </h3>
          <p className="text-xs text-muted-foreground">{t('importPreview.columnsHint')}</p>
          <ImportMapping
            fieldSet={subject}
            columns={preview.columns}
            mapping={preview.mapping}
            disabled={busy || committing}
            onChange={onMapping}
          />
        </section>
        {busy ? (
          <div className="flex justify-center py-6">
            <Spinner label={t('importPreview.checking')} />
          </div>
        ) : (
          preview.totalRows > 0 && (
            <ImportPreviewTable fieldSet={subject} rows={preview.rows} mapping={preview.mapping} />
          )
        )}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={onReset} disabled={committing}>
            {t('importPreview.chooseAnother')}
          </Button>
          <Button onClick={onCommit} disabled={!ready || busy || committing}>
            {committing
              ? t('importPreview.importing')
              : ready
                ? t('importPreview.importCount', {
                    n: formatNumber(preview.validRows),
                    what: preview.validRows === 1 ? subject.one : subject.many,
                  })
                : t('importPreview.importAll', { what: subject.many })}
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}
