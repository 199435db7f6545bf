import { and, eq } from 'drizzle-orm';
import type {
  InstructorColumnMapping,
  InstructorImportPreview,
  InstructorImportResult,
} from '@shared/api/instructors';
import { latestHeldEventDate } from '@shared/api/training-events';
import type { Database, DbOrTx } from '../../db/client';
import { instructorImports } from '../../db/schema';
import type { Actor } from '../../http/actor';
import { conflict, invalid, isUniqueViolation } from '../../http/errors';
import { recordAudit } from '../activity/service';
import { lockLedger } from '../ledger/service';
import { withJoinedName, type ImportTable } from '../training-events/service';
import { usersOf } from '../users/repository';
import { settleInstructorMapping } from './import-mapping';
import { checkInstructorRows, nameKey, type ImportContext } from './import-rows';
import { insertInstructorFiles } from './insert-files';
import { instructorsOf } from './repository';

export interface InstructorImportUpload {
  fileName: string;
  /** Hex SHA-256 of the file's bytes: the same file is imported once. */
  fileHash: string;
  /** The file's first sheet, as the training-records import reads it. */
  table: ImportTable;
  mapping?: InstructorColumnMapping;
}

async function previousImport(db: DbOrTx, actor: Actor, fileHash: string) {
  const [row] = await db
    .select()
    .from(instructorImports)
    .where(
      and(
        eq(instructorImports.organizationId, actor.organizationId),
        eq(instructorImports.fileHash, fileHash),
      ),
    );
  return row;
}

/** Members, courses and the people already on file, read once for all the rows. */
async function contextOf(db: DbOrTx, actor: Actor): Promise<ImportContext> {
  const repo = instructorsOf(db, actor.organizationId);
  const members = await usersOf(db, actor.organizationId).list();
  const courses = await repo.courses();
  const files = await repo.files();
  return {
    members: new Map(members.map((u) => [u.email.toLowerCase(), u.id])),
    // The same comparison as `hasCourse`: trimmed, case aside; saved as the records spell it.
    courses: new Map(courses.map((c) => [nameKey(c), c.trim()])),
    existingNames: new Set(files.map((f) => nameKey(f.name))),
    latest: latestHeldEventDate(),
  };
}

async function check(db: DbOrTx, actor: Actor, upload: InstructorImportUpload) {
  const table = withJoinedName(upload.table);
  const mapping = settleInstructorMapping(table, upload.mapping);
  const rows = checkInstructorRows(table, mapping, await contextOf(db, actor));
  return { table, mapping, rows };
}

/** What an import would do: the mapping, every row as it would be saved, and every problem. */
export async function previewInstructorImport(
  db: Database,
  actor: Actor,
  upload: InstructorImportUpload,
): Promise<InstructorImportPreview> {
  const { table, mapping, rows } = await check(db, actor, upload);
  const before = await previousImport(db, actor, upload.fileHash);
  const errorRows = rows.filter((r) => r.errors.length > 0).length;
  return {
    fileName: upload.fileName,
    fileHash: upload.fileHash,
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
 * Imports every row or none: one transaction holding the ledger lock (so two imports of the same
 * people cannot both pass the name check), each file with its designation and ledger leaf, and
 * one audit entry for the import.
 */
export async function commitInstructorImport(
  db: Database,
  actor: Actor,
  upload: InstructorImportUpload,
): Promise<InstructorImportResult> {
  try {
    return await db.transaction(async (tx) => {
      await lockLedger(tx, actor.organizationId);
      const { rows } = await check(tx, actor, upload);
      const before = await previousImport(tx, actor, upload.fileHash);
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
        .insert(instructorImports)
        .values({
          organizationId: actor.organizationId,
          fileHash: upload.fileHash,
          fileName: upload.fileName,
          rowCount: rows.length,
          importedBy: actor.userId,
        })
        .returning();
      const ids = await insertInstructorFiles(
        tx,
        actor,
        rows.map((r) => r.input!),
        record!.id,
      );
      await recordAudit(tx, {
        organizationId: actor.organizationId,
        actorId: actor.userId,
        action: 'import_instructor_files',
        details: {
          importId: record!.id,
          fileName: upload.fileName,
          fileHash: upload.fileHash,
          count: ids.length,
        },
      });
      return { importId: record!.id, imported: ids.length, instructorIds: ids };
    });
  } catch (error) {
    if (isUniqueViolation(error, 'instructor_imports_org_file')) throw alreadyImported(new Date());
    throw error;
  }
}
