import { AlertTriangle, CheckCircle2, FileSpreadsheet } from 'lucide-react';
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
import {
  ImportMapping,
  RECORD_IMPORT_FIELDS,
  type FieldMapping,
  type ImportFieldSet,
} from './ImportMapping';
import { ImportPreviewTable } from './ImportPreviewTable';

/** A preview as the server answers it, whichever fields the import fills. */
export type PreviewOf<F extends string> = Omit<ImportPreview, 'mapping'> & {
  mapping: FieldMapping<F>;
};

/** What an import's rows become, in the card's words, with the fields it maps. */
export interface ImportSubject<F extends string> extends ImportFieldSet<F> {
  /** One row as saved ("training event") and several ("training events"). */
  one: string;
  many: string;
  /** Why a file imported before is refused: "no event is recorded twice". */
  recordedOnce: string;
}

const TRAINING_EVENTS: ImportSubject<RecordField> = {
  ...RECORD_IMPORT_FIELDS,
  one: 'training event',
  many: 'training events',
  recordedOnce: 'no event is recorded twice',
};

const rows = (n: number) => `${n} ${n === 1 ? 'row' : 'rows'}`;

function Summary({
  preview,
  recordedOnce,
}: {
  preview: Omit<ImportPreview, 'mapping'>;
  recordedOnce: string;
}) {
  if (preview.alreadyImported) {
    return (
      <p role="alert" className="flex gap-2 rounded-md bg-amber-50 p-3 text-sm text-amber-900">
        <AlertTriangle aria-hidden className="mt-0.5 size-4 shrink-0" />
        This exact file was already imported on {preview.alreadyImported.importedAt.slice(0, 10)} (
        {rows(preview.alreadyImported.rowCount)}
        ). Importing it again is refused so {recordedOnce}.
      </p>
    );
  }
  if (preview.totalRows === 0) {
    return (
      <p role="alert" className="rounded-md bg-amber-50 p-3 text-sm text-amber-900">
        The file has a header but no rows to import.
      </p>
    );
  }
  if (preview.errorRows > 0) {
    return (
      <p role="alert" className="flex gap-2 rounded-md bg-red-50 p-3 text-sm text-red-900">
        <AlertTriangle aria-hidden className="mt-0.5 size-4 shrink-0" />
        {rows(preview.errorRows)} of {preview.totalRows} {preview.errorRows === 1 ? 'has' : 'have'}{' '}
        errors. Nothing will be imported until every row is right: fix the file (or the column
        mapping) and preview it again.
      </p>
    );
  }
  return (
    <p role="status" className="flex gap-2 rounded-md bg-green-50 p-3 text-sm text-green-900">
      <CheckCircle2 aria-hidden className="mt-0.5 size-4 shrink-0" />
      All {rows(preview.totalRows)} are ready to import.
    </p>
  );
}

/** The preview step: mapping the user can change, every row with its problems, and the commit. */
export function ImportPreviewCard<F extends string = RecordField>({
  // Left out only by the training-records import, whose preview's fields are RecordField.
  subject = TRAINING_EVENTS as unknown as ImportSubject<F>,
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
  const ready = !preview.alreadyImported && preview.totalRows > 0 && preview.errorRows === 0;
  return (
    <Card aria-busy={busy}>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <FileSpreadsheet aria-hidden className="size-4" /> Preview of {preview.fileName}
        </CardTitle>
        <CardDescription>
          {preview.format.toUpperCase()} · {rows(preview.totalRows)} · {preview.validRows} ready ·{' '}
          {preview.errorRows} with errors
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5">
        <Summary preview={preview} recordedOnce={subject.recordedOnce} />
        <section className="grid gap-2" aria-labelledby="mapping-title">
          <h3 id="mapping-title" className="text-sm font-semibold">
            Columns
          </h3>
          <p className="text-xs text-muted-foreground">
            Proposed from the column names and what the cells hold. Change a column and the preview
            is checked again.
          </p>
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
            <Spinner label="Checking the rows" />
          </div>
        ) : (
          preview.totalRows > 0 && (
            <ImportPreviewTable fieldSet={subject} rows={preview.rows} mapping={preview.mapping} />
          )
        )}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={onReset} disabled={committing}>
            Choose another file
          </Button>
          <Button onClick={onCommit} disabled={!ready || busy || committing}>
            {committing
              ? 'Importing…'
              : ready
                ? `Import ${preview.validRows} ${preview.validRows === 1 ? subject.one : subject.many}`
                : `Import ${subject.many}`}
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}
