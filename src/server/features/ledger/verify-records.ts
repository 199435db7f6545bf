import { and, asc, count, eq, gt, isNull, lt, max, sql, type SQL } from 'drizzle-orm';
import { LEDGER_FIELDS } from '@shared/api/training-events';
import { canonicalize } from '@shared/ledger/canonical-json';
import type { Transaction } from '../../db/client';
import { auditLogs, ledgerLeaves, trainingEvents } from '../../db/schema';
import { Mismatch } from './mismatch';
import { auditLogLeafData, trainingEventLeafData } from './record-data';

/*
 * The rows against their leaves. The comparisons run in the database, so that a log of 100,000
 * records is checked in one pass without shipping every leaf again; the first row that differs,
 * if any, is then read back and described field by field in JavaScript. The leaves themselves
 * were checked against the signed heads before this runs.
 */

const show = (v: unknown) => (v === undefined ? 'nothing' : JSON.stringify(v));
const leafJson = sql`(${ledgerLeaves.leaf}::jsonb)`;

/**
 * The RFC 8785 text of a training event row's leaf `data`, built in SQL from the shared field
 * list: a flat object of strings and nulls, keys sorted, and PostgreSQL's JSON string escaping
 * is the same as ECMAScript's for text. Comparing text avoids parsing every leaf; a row this
 * flags is then re-checked by the JavaScript canonicaliser before it is reported.
 */
const DATA_COLUMNS: Record<string, SQL> = {
  ...Object.fromEntries(LEDGER_FIELDS.map((f) => [f, sql`${trainingEvents[f]}`])),
  changedBy: sql`${trainingEvents.updatedBy}`,
};
const rowDataText = sql.join(
  [
    sql`'{'`,
    sql.join(
      Object.keys(DATA_COLUMNS)
        .sort()
        .map(
          (key) =>
            sql`${`"${key}":`}::text || coalesce(to_json(${DATA_COLUMNS[key]}::text)::text, 'null')`,
        ),
      sql` || ',' || `,
    ),
    sql`'}'`,
  ],
  sql` || `,
);
const leafOfRowData = sql`starts_with(${ledgerLeaves.leaf}, '{"data":' || ${rowDataText} || ',"organizationId":')`;

function firstDifference(row: Record<string, unknown>, leaf: Record<string, unknown>) {
  for (const field of new Set([...Object.keys(row), ...Object.keys(leaf)])) {
    if (canonicalize(row[field] ?? null) !== canonicalize(leaf[field] ?? null)) return field;
  }
  return null;
}

async function describeEventMismatch(
  tx: Transaction,
  row: typeof trainingEvents.$inferSelect,
): Promise<Mismatch | null> {
  const fail = (
    message: string,
    extra: { expected?: string; actual?: string; leafIndex?: number } = {},
  ) =>
    new Mismatch({
      kind: row.ledgerIndex === null ? 'record_missing_leaf' : 'record_mismatch',
      message: `Training event ${row.id}: ${message}`,
      recordId: row.id,
      leafIndex: extra.leafIndex ?? row.ledgerIndex,
      expected: extra.expected ?? null,
      actual: extra.actual ?? null,
    });
  if (row.ledgerIndex === null) return fail('it has no leaf in the ledger');
  const [leafRow] = await tx
    .select()
    .from(ledgerLeaves)
    .where(
      and(
        eq(ledgerLeaves.organizationId, row.organizationId),
        eq(ledgerLeaves.leafIndex, row.ledgerIndex),
      ),
    );
  if (!leafRow || leafRow.recordId !== row.id) {
    return fail(`the row names leaf ${row.ledgerIndex}, which belongs to another record`);
  }
  const leaf = JSON.parse(leafRow.leaf) as { version: number; data: Record<string, unknown> };
  if (leafRow.version !== row.version) {
    return fail(
      `the row is version ${row.version}, its leaf ${row.ledgerIndex} version ${leafRow.version}`,
    );
  }
  if (row.blockchainHash !== leafRow.leafHash) {
    return fail(`blockchainHash is not the hash of leaf ${row.ledgerIndex}`, {
      expected: leafRow.leafHash,
      actual: row.blockchainHash ?? undefined,
    });
  }
  const data = trainingEventLeafData(row) as Record<string, unknown>;
  const field = firstDifference(data, leaf.data);
  if (field) {
    return fail(
      `${field} is ${show(data[field])} in the database but ${show(leaf.data[field])} in leaf ${row.ledgerIndex}`,
      {
        expected: canonicalize(leaf.data[field] ?? null),
        actual: canonicalize(data[field] ?? null),
      },
    );
  }
  const [newer] = await tx
    .select({ index: ledgerLeaves.leafIndex })
    .from(ledgerLeaves)
    .where(
      and(
        eq(ledgerLeaves.organizationId, row.organizationId),
        eq(ledgerLeaves.recordId, row.id),
        gt(ledgerLeaves.version, row.version),
      ),
    )
    .limit(1);
  if (newer) {
    return fail(`leaf ${newer.index} holds a later version than the row's version ${row.version}`);
  }
  // The SQL comparison flagged the row, but the canonical forms agree: not a mismatch.
  return null;
}

/** Returns how many records were checked; throws a Mismatch for the first that differs. */
export async function verifyRecords(tx: Transaction, organizationId: string): Promise<number> {
  const inOrg = eq(trainingEvents.organizationId, organizationId);
  const [unledgered] = await tx
    .select()
    .from(trainingEvents)
    .where(and(inOrg, isNull(trainingEvents.ledgerIndex)))
    .limit(1);
  const missing = unledgered ? await describeEventMismatch(tx, unledgered) : null;
  if (missing) throw missing;

  // A row that is not at its record's latest version (a standalone aggregate and hash join:
  // folded into the query below, planners chose nested loops over the aggregate).
  const latest = tx
    .select({ recordId: ledgerLeaves.recordId, version: max(ledgerLeaves.version).as('latest') })
    .from(ledgerLeaves)
    .where(
      and(
        eq(ledgerLeaves.organizationId, organizationId),
        eq(ledgerLeaves.recordType, 'training_event'),
      ),
    )
    .groupBy(ledgerLeaves.recordId)
    .as('latest');
  const [stale] = await tx
    .select({ row: trainingEvents })
    .from(trainingEvents)
    .innerJoin(latest, eq(latest.recordId, trainingEvents.id))
    .where(and(inOrg, sql`${latest.version} <> ${trainingEvents.version}`))
    .orderBy(asc(trainingEvents.ledgerIndex))
    .limit(1);

  for (let after = -1; ;) {
    const [candidate] = await tx
      .select({ row: trainingEvents })
      .from(trainingEvents)
      .leftJoin(
        ledgerLeaves,
        and(
          eq(ledgerLeaves.organizationId, trainingEvents.organizationId),
          eq(ledgerLeaves.leafIndex, trainingEvents.ledgerIndex),
        ),
      )
      .where(
        and(
          inOrg,
          gt(trainingEvents.ledgerIndex, after),
          stale ? lt(trainingEvents.ledgerIndex, stale.row.ledgerIndex!) : undefined,
          sql`(${ledgerLeaves.leafIndex} is null
            or ${ledgerLeaves.recordId} <> ${trainingEvents.id}
            or ${ledgerLeaves.version} <> ${trainingEvents.version}
            or ${ledgerLeaves.leafHash} is distinct from ${trainingEvents.blockchainHash}
            or not ${leafOfRowData})`,
        ),
      )
      .orderBy(asc(trainingEvents.ledgerIndex))
      .limit(1);
    if (!candidate) break;
    const mismatch = await describeEventMismatch(tx, candidate.row);
    if (mismatch) throw mismatch;
    after = candidate.row.ledgerIndex!;
  }
  if (stale) {
    const mismatch = await describeEventMismatch(tx, stale.row);
    if (mismatch) throw mismatch;
  }

  const [orphan] = await tx
    .select({ recordId: ledgerLeaves.recordId, index: ledgerLeaves.leafIndex })
    .from(ledgerLeaves)
    .where(
      and(
        eq(ledgerLeaves.organizationId, organizationId),
        eq(ledgerLeaves.recordType, 'training_event'),
        sql`not exists (select 1 from training_events te where te.id = ${ledgerLeaves.recordId})`,
      ),
    )
    .orderBy(asc(ledgerLeaves.leafIndex))
    .limit(1);
  if (orphan) {
    throw new Mismatch({
      kind: 'record_mismatch',
      message: `Training event ${orphan.recordId} is in the ledger (leaf ${orphan.index}) but its row is gone`,
      recordId: orphan.recordId,
      leafIndex: orphan.index,
    });
  }

  const [events] = await tx.select({ n: count() }).from(trainingEvents).where(inOrg);
  return (events?.n ?? 0) + (await verifyAuditEntries(tx, organizationId));
}

async function verifyAuditEntries(tx: Transaction, organizationId: string): Promise<number> {
  const audited = and(
    eq(ledgerLeaves.organizationId, organizationId),
    eq(ledgerLeaves.recordType, 'audit_log'),
  );
  const [bad] = await tx
    .select({ leaf: ledgerLeaves, row: auditLogs })
    .from(ledgerLeaves)
    .leftJoin(
      auditLogs,
      and(eq(auditLogs.id, ledgerLeaves.recordId), eq(auditLogs.organizationId, organizationId)),
    )
    .where(
      and(
        audited,
        sql`(${auditLogs.id} is null
          or ${leafJson}->'data' <> jsonb_build_object('action', ${auditLogs.action},
               'actorId', ${auditLogs.actorId}, 'details', ${auditLogs.details})
          or (${leafJson}->>'recordedAt')::timestamptz <> ${auditLogs.createdAt})`,
      ),
    )
    .orderBy(asc(ledgerLeaves.leafIndex))
    .limit(1);
  if (bad) {
    const { leaf, row } = bad;
    const parsed = JSON.parse(leaf.leaf) as { recordedAt: string; data: Record<string, unknown> };
    let problem = 'its row is gone';
    if (row) {
      const field = firstDifference(auditLogLeafData(row), parsed.data);
      problem = field
        ? `${field} differs from the leaf`
        : `its time is ${row.createdAt.toISOString()}, the leaf says ${parsed.recordedAt}`;
    }
    throw new Mismatch({
      kind: 'record_mismatch',
      message: `Audit entry ${leaf.recordId} (leaf ${leaf.leafIndex}): ${problem}`,
      recordId: leaf.recordId,
      leafIndex: leaf.leafIndex,
    });
  }
  const [entries] = await tx.select({ n: count() }).from(ledgerLeaves).where(audited);
  return entries?.n ?? 0;
}
