import { and, eq } from 'drizzle-orm';
import type {
  FleetColumnMapping,
  FleetImportKind,
  FleetImportPreview,
  FleetImportResult,
} from '@shared/api/fleet-import';
import type { Database, DbOrTx, Transaction } from '../../db/client';
import {
  fleetDevices,
  fleetDiscrepancies,
  fleetImports,
  fleetMaintenanceItems,
} from '../../db/schema';
import type { Actor } from '../../http/actor';
import { conflict, invalid, isUniqueViolation } from '../../http/errors';
import { recordAudit } from '../activity/service';
import { ledgerSize, lockLedger } from '../ledger/service';
import type { ImportTable } from '../training-events/service';
import { settleFleetMapping } from './import-mapping';
import type { CheckedFleetRow } from './import-row-check';
import {
  checkDeviceRows,
  checkDiscrepancyRows,
  checkMaintenanceRows,
  discrepancyKey,
  maintenanceKey,
  type FleetImportContext,
  type NewDevice,
  type NewDiscrepancy,
  type NewMaintenanceItem,
} from './import-rows';
import { fleetOf } from './repository';
import { discrepancyColumns } from './service';

export interface FleetImportUpload {
  kind: FleetImportKind;
  fileName: string;
  /** Hex SHA-256 of the file's bytes: the same file is imported once as each kind. */
  fileHash: string;
  /** The file's first sheet, as the training-records import reads it. */
  table: ImportTable;
  mapping?: FleetColumnMapping;
}

/** Rows a multi-row insert carries: well under PostgreSQL's 65,535 parameters at ~20 columns. */
const INSERT_BATCH = 1000;

async function previousImport(db: DbOrTx, actor: Actor, upload: FleetImportUpload) {
  const [row] = await db
    .select()
    .from(fleetImports)
    .where(
      and(
        eq(fleetImports.organizationId, actor.organizationId),
        eq(fleetImports.kind, upload.kind),
        eq(fleetImports.fileHash, upload.fileHash),
      ),
    );
  return row;
}

/** The fleet and the logs as they stand, read once for all the rows. */
async function contextOf(
  db: DbOrTx,
  actor: Actor,
  kind: FleetImportKind,
): Promise<FleetImportContext> {
  const org = actor.organizationId;
  const devices = await fleetOf(db, org).devices();
  const logged =
    kind === 'discrepancies'
      ? await db
          .select({
            deviceId: fleetDiscrepancies.deviceId,
            reportedAt: fleetDiscrepancies.reportedAt,
            description: fleetDiscrepancies.description,
          })
          .from(fleetDiscrepancies)
          .where(eq(fleetDiscrepancies.organizationId, org))
      : [];
  const scheduled =
    kind === 'maintenance'
      ? await db
          .select({ deviceId: fleetMaintenanceItems.deviceId, title: fleetMaintenanceItems.title })
          .from(fleetMaintenanceItems)
          .where(eq(fleetMaintenanceItems.organizationId, org))
      : [];
  return {
    db,
    actor,
    devices,
    loggedDiscrepancies: new Set(
      logged.map((d) => discrepancyKey(d.deviceId, d.reportedAt, d.description)),
    ),
    scheduledItems: new Set(scheduled.map((m) => maintenanceKey(m.deviceId, m.title))),
  };
}

type Checked =
  | { kind: 'devices'; rows: CheckedFleetRow<NewDevice>[] }
  | { kind: 'discrepancies'; rows: CheckedFleetRow<NewDiscrepancy>[] }
  | { kind: 'maintenance'; rows: CheckedFleetRow<NewMaintenanceItem>[] };

async function check(db: DbOrTx, actor: Actor, upload: FleetImportUpload) {
  const { kind, table } = upload;
  const mapping = settleFleetMapping(kind, table, upload.mapping);
  const context = await contextOf(db, actor, kind);
  const checked: Checked =
    kind === 'devices'
      ? { kind, rows: await checkDeviceRows(table, mapping, context) }
      : kind === 'discrepancies'
        ? { kind, rows: await checkDiscrepancyRows(table, mapping, context) }
        : { kind, rows: await checkMaintenanceRows(table, mapping, context) };
  return { mapping, checked };
}

/** What an import would do: the mapping, every row as it would be saved, and every problem. */
export async function previewFleetImport(
  db: Database,
  actor: Actor,
  upload: FleetImportUpload,
): Promise<FleetImportPreview> {
  const { mapping, checked } = await check(db, actor, upload);
  const rows = checked.rows;
  const before = await previousImport(db, actor, upload);
  const errorRows = rows.filter((r) => r.errors.length > 0).length;
  return {
    kind: upload.kind,
    fileName: upload.fileName,
    fileHash: upload.fileHash,
    format: upload.table.format,
    columns: upload.table.columns,
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

/** Inserts in batches, in the file's order; returns the new ids. */
async function insertAll<Row>(
  rows: Row[],
  insert: (batch: Row[]) => Promise<{ id: string }[]>,
): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < rows.length; i += INSERT_BATCH) {
    ids.push(...(await insert(rows.slice(i, i + INSERT_BATCH))).map((r) => r.id));
  }
  return ids;
}

/** Writes the checked rows of one import, each marked with the import and its author. */
async function writeRows(tx: Transaction, actor: Actor, checked: Checked, importId: string) {
  const by = {
    organizationId: actor.organizationId,
    importId,
    createdBy: actor.userId,
    updatedBy: actor.userId,
  };
  switch (checked.kind) {
    case 'devices':
      return insertAll(
        checked.rows.map((r) => ({ ...r.input!, ...by })),
        (batch) => tx.insert(fleetDevices).values(batch).returning({ id: fleetDevices.id }),
      );
    case 'discrepancies':
      return insertAll(
        checked.rows.map((r) => ({
          ...discrepancyColumns(r.input!.discrepancy),
          deviceId: r.input!.device.id,
          ...by,
        })),
        (batch) =>
          tx.insert(fleetDiscrepancies).values(batch).returning({ id: fleetDiscrepancies.id }),
      );
    case 'maintenance':
      return insertAll(
        checked.rows.map((r) => ({ ...r.input!.item, deviceId: r.input!.device.id, ...by })),
        (batch) =>
          tx
            .insert(fleetMaintenanceItems)
            .values(batch)
            .returning({ id: fleetMaintenanceItems.id }),
      );
  }
}

const TABLES = {
  devices: fleetDevices,
  discrepancies: fleetDiscrepancies,
  maintenance: fleetMaintenanceItems,
} as const;

/**
 * Imports every row or none, in one transaction holding the ledger lock (so two imports naming
 * the same device cannot both pass the name check). The import is one audit entry, one ledger
 * leaf naming every row it wrote; the rows keep that leaf's index. A leaf per row, as the forms
 * write, is not needed: the entry commits to the file's hash and to each id, and each row points
 * at the entry through `import_id`.
 */
export async function commitFleetImport(
  db: Database,
  actor: Actor,
  upload: FleetImportUpload,
): Promise<FleetImportResult> {
  try {
    return await db.transaction(async (tx) => {
      await lockLedger(tx, actor.organizationId);
      const { checked } = await check(tx, actor, upload);
      const before = await previousImport(tx, actor, upload);
      if (before) throw alreadyImported(before.createdAt);
      const { rows } = checked;
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
        .insert(fleetImports)
        .values({
          organizationId: actor.organizationId,
          kind: upload.kind,
          fileHash: upload.fileHash,
          fileName: upload.fileName,
          rowCount: rows.length,
          importedBy: actor.userId,
        })
        .returning();
      const importId = record!.id;
      const ids = await writeRows(tx, actor, checked, importId);
      await recordAudit(tx, {
        organizationId: actor.organizationId,
        actorId: actor.userId,
        action: 'fleet.import',
        details: {
          importId,
          kind: upload.kind,
          fileName: upload.fileName,
          fileHash: upload.fileHash,
          rowCount: ids.length,
          ids,
        },
      });
      const ledgerIndex = (await ledgerSize(tx, actor.organizationId)) - 1;
      const table = TABLES[upload.kind];
      await tx.update(table).set({ ledgerIndex }).where(eq(table.importId, importId));
      return { importId, kind: upload.kind, imported: ids.length, ids };
    });
  } catch (error) {
    if (isUniqueViolation(error, 'fleet_imports_org_kind_file')) throw alreadyImported(new Date());
    if (isUniqueViolation(error, 'fleet_devices_org_name')) {
      throw conflict(
        'A device of this file was added to the fleet while it was imported; nothing was imported. Preview the file again.',
      );
    }
    throw error;
  }
}
