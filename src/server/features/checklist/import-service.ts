import { statusFromText, type ImportResult, type ImportRow } from '@shared/api/checklist';
import { ERROR_CODES } from '@shared/api/errors';
import { LANGUAGES } from '@shared/api/preferences';
import { CURRENT_CATALOGUE } from '@shared/checklist/catalogue';
import {
  CHECKLIST_STATUSES,
  CHECKLIST_TEXT_MAX,
  STATUS_LABELS,
  type ChecklistStatus,
} from '@shared/checklist/types';
import type { Database } from '../../db/client';
import type { Actor } from '../../http/actor';
import { AppError, invalid } from '../../http/errors';
import { recordAudit } from '../activity/service';
import { textFor } from '../../i18n/index';
import { readCatalogue } from './catalogue-store';
import type { ImportTable } from './import-file';
import { ROW_COLUMNS, rowHeaders } from './report-data';
import { checklistOf, type ResponseValues } from './repository';
import { diffResponse } from './service';

type Field = 'itemNumber' | 'status' | 'comments' | 'findings';

const COLUMN_NAMES: Record<string, Field> = {
  itemnumber: 'itemNumber',
  item: 'itemNumber',
  number: 'itemNumber',
  itemno: 'itemNumber',
  status: 'status',
  comments: 'comments',
  comment: 'comments',
  findings: 'findings',
  finding: 'findings',
};
/** Columns our own export writes that an import reads past, so an export can be edited and re-imported. */
const READ_ONLY_COLUMNS = new Set([
  'area',
  'areaname',
  'description',
  'question',
  'requirement',
  'reference',
  'references',
  'evidence',
  'lastupdated',
  'updatedat',
  'updatedby',
  'revision',
]);

const columnKey = (name: string) => name.toLowerCase().replace(/[^a-z0-9]/g, '');
/** A header or status word of any language as compared: accents dropped (`Numéro` → `numero`). */
const wordKey = (name: string) => columnKey(name.normalize('NFD').replace(/\p{M}/gu, ''));

/**
 * The headers our own export writes in every language (a reader's language decides them), read
 * back as their fields or skipped, so that an export in Spanish or French re-imports too.
 */
const EXPORTED_COLUMNS = new Map<string, Field | null>(
  LANGUAGES.flatMap((language) => {
    const headers = rowHeaders(language);
    return ROW_COLUMNS.map((c, i): [string, Field | null] => {
      const field = (['itemNumber', 'status', 'comments', 'findings'] as const).find(
        (f) => f === c.key,
      );
      return [wordKey(headers[i]!), field ?? null];
    });
  }),
);

/** The status words our export writes in each language (`Non conforme`, `No aplicable`). */
const EXPORTED_STATUSES = new Map<string, ChecklistStatus>(
  LANGUAGES.flatMap((language) => {
    const t = textFor(language, 'checklist-report');
    return CHECKLIST_STATUSES.map((s): [string, ChecklistStatus] => [
      wordKey(t(`statuses.${s}`)),
      s,
    ]);
  }),
);
const statusOf = (text: string) => statusFromText(text) ?? EXPORTED_STATUSES.get(wordKey(text));

interface ColumnMap {
  index: Partial<Record<Field, number>>;
  used: string[];
  ignored: string[];
}

function mapColumns(header: string[]): ColumnMap {
  const map: ColumnMap = { index: {}, used: [], ignored: [] };
  header.forEach((name, i) => {
    if (name === '') return;
    const key = columnKey(name);
    const exported = EXPORTED_COLUMNS.get(wordKey(name));
    const field = COLUMN_NAMES[key] ?? exported;
    if (field) {
      if (map.index[field] !== undefined) throw invalid(`The column "${name}" appears twice.`);
      map.index[field] = i;
      map.used.push(name);
    } else if (READ_ONLY_COLUMNS.has(key) || exported === null) {
      map.ignored.push(name);
    } else {
      throw invalid(
        `Unknown column "${name}". An import has the columns Item Number, Status, Comments and Findings.`,
      );
    }
  });
  if (map.index.itemNumber === undefined) {
    throw invalid('The file has no Item Number column. Put the column names in the first row.');
  }
  if (
    map.index.status === undefined &&
    map.index.comments === undefined &&
    map.index.findings === undefined
  ) {
    throw invalid(
      'The file has no Status, Comments or Findings column, so there is nothing to import.',
    );
  }
  return map;
}

const STATUS_WORDS = CHECKLIST_STATUSES.map((s) => STATUS_LABELS[s]).join(', ');

interface PlannedRow extends ImportRow {
  next: Partial<ResponseValues>;
}

/** Checks every row and works out what it would change; nothing is written. */
async function planImport(db: Database, actor: Actor, table: ImportTable, version: number) {
  const columns = mapColumns(table.header);
  const catalogue = await readCatalogue(db, version);
  if (!catalogue) throw new Error(`checklist catalogue v${version} is not loaded`);
  const known = new Set(catalogue.items.map((i) => i.number));
  const current = new Map(
    (await checklistOf(db, actor.organizationId).responses()).map((r) => [r.itemNumber, r]),
  );
  const firstLine = new Map<string, number>();
  const cell = (cells: ImportTable['rows'][number]['cells'], field: Field) => {
    const i = columns.index[field];
    return i === undefined ? undefined : (cells[i] ?? { text: '', isDate: false });
  };

  const rows: PlannedRow[] = table.rows.map(({ line, cells }) => {
    const numberCell = cell(cells, 'itemNumber')!;
    const itemNumber = numberCell.text.trim();
    const fail = (error: string): PlannedRow => ({
      row: line,
      itemNumber,
      changes: [],
      error,
      next: {},
    });
    if (numberCell.isDate) {
      return fail(
        `Excel turned the item number into the date ${itemNumber}. Format the Item Number column as text and type the number again.`,
      );
    }
    if (!itemNumber) return fail('The item number is empty.');
    if (!known.has(itemNumber)) {
      return fail(`Item ${itemNumber} is not in the checklist (catalogue version ${version}).`);
    }
    const seen = firstLine.get(itemNumber);
    if (seen !== undefined) return fail(`Item ${itemNumber} appears again (first on row ${seen}).`);
    firstLine.set(itemNumber, line);

    const next: Partial<ResponseValues> = {};
    const statusCell = cell(cells, 'status');
    if (statusCell) {
      const status = statusOf(statusCell.text);
      if (!status) {
        return fail(
          statusCell.text.trim()
            ? `Status "${statusCell.text.trim()}" is not one of ${STATUS_WORDS}.`
            : `The status is empty; use one of ${STATUS_WORDS}.`,
        );
      }
      next.status = status;
    }
    for (const field of ['comments', 'findings'] as const) {
      const text = cell(cells, field);
      if (!text) continue;
      if (text.text.length > CHECKLIST_TEXT_MAX) {
        return fail(
          `${field === 'comments' ? 'Comments' : 'Findings'} are ${text.text.length.toLocaleString('en-US')} characters; the limit is ${CHECKLIST_TEXT_MAX.toLocaleString('en-US')}.`,
        );
      }
      next[field] = text.text;
    }
    const before = current.get(itemNumber) ?? { status: 'pending', comments: '', findings: '' };
    return { row: line, itemNumber, changes: diffResponse(before, next), error: null, next };
  });

  const errors = rows.filter((r) => r.error).length;
  const changed = rows.filter((r) => !r.error && r.changes.length > 0).length;
  const result: ImportResult = {
    dryRun: true,
    applied: false,
    columns: { used: columns.used, ignored: columns.ignored },
    rows: rows.map(({ next: _next, ...row }) => row),
    summary: { rows: rows.length, changed, unchanged: rows.length - errors - changed, errors },
  };
  return { rows, result };
}

/** A file with row errors: nothing was imported; the preview travels with the 422. */
export class ImportRejectedError extends AppError {
  constructor(readonly result: ImportResult) {
    const n = result.summary.errors;
    super(
      422,
      ERROR_CODES.validation,
      `Nothing was imported: ${n} ${n === 1 ? 'row has an error' : 'rows have errors'}. Correct ${n === 1 ? 'it' : 'them'} and import the file again.`,
      result.rows
        .filter((r) => r.error)
        .slice(0, 50)
        .map((r) => ({ path: `row ${r.row}`, message: r.error! })),
    );
  }
}

/**
 * Imports statuses, comments and findings. A dry run only previews. A real import is all or
 * nothing: any row error refuses the whole file, otherwise every change, its history and one
 * audit entry are written in one transaction. An import overwrites (it carries no revisions);
 * each changed item's revision grows, so an editor with the item open gets a conflict on save.
 */
export async function importChecklist(
  db: Database,
  actor: Actor,
  table: ImportTable,
  options: { dryRun: boolean; fileName?: string },
  version = CURRENT_CATALOGUE.version,
): Promise<ImportResult> {
  const preview = await planImport(db, actor, table, version);
  if (options.dryRun) return preview.result;
  if (preview.result.summary.errors > 0) {
    throw new ImportRejectedError({ ...preview.result, dryRun: false });
  }
  return db.transaction(async (tx) => {
    const repo = checklistOf(tx, actor.organizationId);
    const locked = new Map((await repo.lockAllResponses()).map((r) => [r.itemNumber, r]));
    const history = [];
    const outcome: ImportRow[] = [];
    for (const row of preview.rows) {
      // The preview read outside this transaction; compare again with the locked rows.
      const base = locked.get(row.itemNumber) ?? (await repo.lockResponse(row.itemNumber));
      const changes = diffResponse(base, row.next);
      outcome.push({ row: row.row, itemNumber: row.itemNumber, changes, error: null });
      if (changes.length === 0) continue;
      const revision = base.revision + 1;
      await repo.saveResponse(
        row.itemNumber,
        {
          status: (row.next.status ?? base.status) as ChecklistStatus,
          comments: row.next.comments ?? base.comments,
          findings: row.next.findings ?? base.findings,
        },
        revision,
        actor.userId,
      );
      history.push({
        itemNumber: row.itemNumber,
        actorId: actor.userId,
        source: 'import' as const,
        revision,
        changes,
      });
    }
    await repo.addHistory(history);
    await recordAudit(tx, {
      organizationId: actor.organizationId,
      actorId: actor.userId,
      action: 'import_checklist',
      details: {
        fileName: options.fileName ?? null,
        rows: outcome.length,
        itemsChanged: history.map((h) => h.itemNumber),
      },
    });
    const changed = history.length;
    return {
      ...preview.result,
      dryRun: false,
      applied: true,
      rows: outcome,
      summary: { rows: outcome.length, changed, unchanged: outcome.length - changed, errors: 0 },
    };
  });
}
