import { and, eq, inArray, sql } from 'drizzle-orm';
import type { ColumnMapping, ImportPreview, ImportResult } from '@shared/api/training-events';
import type { Database, DbOrTx } from '../../db/client';
import { trainingEventImports, trainingEvents } from '../../db/schema';
import type { Actor } from '../../http/actor';
import { conflict, invalid, isUniqueViolation } from '../../http/errors';
import { recordAudit } from '../activity/service';
import { lockLedger } from '../ledger/service';
import type { ImportTable } from './import-file';
import {
  checkRows,
  duplicateKey,
  settleMapping,
  withJoinedName,
  type CheckedRow,
} from './import-rows';
import { insertTrainingEvents } from './service';

export interface ImportUpload {
  fileName: string;
  /** Hex SHA-256 of the file's bytes: the same file is imported once. */
  fileHash: string;
  /** The file's first sheet, read by the one tabular reader (`src/server/import/`). */
  table: ImportTable;
  mapping?: ColumnMapping;
  /** Set when the rows come from a stored spreadsheet document: each record cites it. */
  sourceDocumentId?: string;
}

async function previousImport(db: DbOrTx, actor: Actor, fileHash: string) {
  const [row] = await db
    .select()
    .from(trainingEventImports)
    .where(
      and(
        eq(trainingEventImports.organizationId, actor.organizationId),
        eq(trainingEventImports.fileHash, fileHash),
      ),
    );
  return row;
}

/** Flags rows that repeat an event already on record (the whole organization, not only the viewer's). */
async function flagExisting(db: DbOrTx, actor: Actor, rows: CheckedRow[]) {
  const dates = [...new Set(rows.flatMap((r) => (r.input ? [r.input.eventDate] : [])))];
  if (dates.length === 0) return;
  const existing = await db
    .select({
      studentName: trainingEvents.studentName,
      licenseNumber: trainingEvents.licenseNumber,
      course: trainingEvents.course,
      eventType: trainingEvents.eventType,
      eventDate: trainingEvents.eventDate,
    })
    .from(trainingEvents)
    .where(
      and(
        eq(trainingEvents.organizationId, actor.organizationId),
        inArray(trainingEvents.eventDate, dates),
      ),
    );
  const known = new Map(existing.map((e) => [duplicateKey(e), e]));
  for (const row of rows) {
    const match = row.key ? known.get(row.key) : undefined;
    if (!match || !row.input) continue;
    row.errors.push({
      field: null,
      message: `Already on record: ${match.studentName}, ${match.eventType} on ${match.eventDate}`,
    });
    row.input = null;
  }
}

async function check(db: DbOrTx, actor: Actor, upload: ImportUpload) {
  const table = withJoinedName(upload.table);
  const mapping = settleMapping(table, upload.mapping);
  const rows = checkRows(table, mapping);
  await flagExisting(db, actor, rows);
  return { table, mapping, rows, fileHash: upload.fileHash };
}

/** What an import would do: the mapping, every row as it would be saved, and every problem. */
export async function previewImport(
  db: Database,
  actor: Actor,
  upload: ImportUpload,
): Promise<ImportPreview> {
  const { table, mapping, rows, fileHash } = await check(db, actor, upload);
  const before = await previousImport(db, actor, fileHash);
  const errorRows = rows.filter((r) => r.errors.length > 0).length;
  return {
    fileName: upload.fileName,
    fileHash,
    format: table.format,
    columns: table.columns,
    mapping,
    rows: rows.map(({ rowNumber, values, errors }) => ({ rowNumber, values, errors })),
    totalRows: rows.length,
    validRows: rows.length - errorRows,
    errorRows,
    alreadyImported: before
      ? { importedAt: before.createdAt.toISOString(), rowCount: before.rowCount }
      : null,
  };
}

const alreadyImported = (at: Date) =>
  conflict(
    `This file was already imported on ${at.toISOString().slice(0, 10)}; nothing was imported again.`,
  );

/**
 * Imports every row or none: one transaction holding the ledger lock (so two imports of the
 * same events cannot both pass the duplicate check), one leaf per event, one audit entry.
 */
export async function commitImport(
  db: Database,
  actor: Actor,
  upload: ImportUpload,
): Promise<ImportResult> {
  let result: ImportResult;
  try {
    result = await db.transaction(async (tx) => {
      await lockLedger(tx, actor.organizationId);
      const { rows, fileHash } = await check(tx, actor, upload);
      const before = await previousImport(tx, actor, fileHash);
      if (before) throw alreadyImported(before.createdAt);
      const bad = rows.filter((r) => r.errors.length > 0);
      if (bad.length > 0) {
        throw invalid(
          `${bad.length} of ${rows.length} rows have errors; nothing was imported. Fix them and import the file again.`,
          bad.flatMap((r) =>
            r.errors.map((e) => ({
              path: `row ${r.rowNumber}${e.field ? `.${e.field}` : ''}`,
              message: e.message,
            })),
          ),
        );
      }
      const [record] = await tx
        .insert(trainingEventImports)
        .values({
          organizationId: actor.organizationId,
          fileHash,
          fileName: upload.fileName,
          rowCount: rows.length,
          importedBy: actor.userId,
        })
        .returning();
      const inserted = await insertTrainingEvents(
        tx,
        actor,
        rows.map((r) => ({
          ...r.input!,
          sourceDocumentId: upload.sourceDocumentId ?? r.input!.sourceDocumentId,
        })),
        record!.id,
      );
      await recordAudit(tx, {
        organizationId: actor.organizationId,
        actorId: actor.userId,
        action: 'import_training_events',
        details: { fileName: upload.fileName, count: inserted.length, fileHash },
      });
      return {
        importId: record!.id,
        imported: inserted.length,
        firstLedgerIndex: inserted[0]!.ledgerIndex!,
        lastLedgerIndex: inserted[inserted.length - 1]!.ledgerIndex!,
      };
    });
  } catch (error) {
    if (isUniqueViolation(error, 'training_event_imports_org_file')) {
      throw alreadyImported(new Date());
    }
    throw error;
  }
  await refreshPlannerStatistics(db);
  return result;
}

/**
 * Up to 5,000 new rows at once: the planner learns of them now rather than when autovacuum (or,
 * embedded, the five-minute upkeep) gets to it. Until then it would take the table for nearly
 * empty and match failed checks against completed events in nested loops over the whole table.
 * A sample of the table: tens of milliseconds.
 */
async function refreshPlannerStatistics(db: Database) {
  await db.execute(sql`analyze training_events`);
}
