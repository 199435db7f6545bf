import { and, asc, eq, gt, isNull, or, lt, gte, sql } from 'drizzle-orm';
import { canonicalize } from '@shared/ledger/canonical-json';
import type { Transaction } from '../../db/client';
import { auditLogs, ledgerLeaves, trainingEvents, type TrainingEventRecord } from '../../db/schema';
import { Mismatch } from './mismatch';
import { auditLogLeafData, trainingEventLeafData } from './record-data';
import { AUDIT, EVENT, EVENT_DATA_KEYS, LEAF, type Columns } from './verify-reads';

/*
 * The rows against their leaves. While the log is walked, each chunk's training event rows and
 * audit entries are compared in JavaScript with the leaves of that chunk, which are in memory
 * already: the row's `data` is written in canonical form (a flat object of strings and nulls,
 * keys sorted: JSON.stringify of a string is RFC 8785's string form) and must be the start of
 * its leaf. A row that differs is only noted; once the whole log has verified, the noted rows
 * are read again one by one and described field by field, in log order, and the first real
 * difference is reported.
 */

const show = (v: unknown) => (v === undefined ? 'nothing' : JSON.stringify(v));

/** `{"data":{"changedBy":` … `,"course":` … : the text before each data value, in key order. */
const EVENT_KEY_TEXT = EVENT_DATA_KEYS.map(
  (key, i) => `${i === 0 ? '{"data":{' : ','}${JSON.stringify(key)}:`,
);
const EVENT_DATA_END = '},"organizationId":';

const RECORDED_AT_TAIL_LENGTH = '","type":"audit_log","version":'.length;

function firstDifference(row: Record<string, unknown>, leaf: Record<string, unknown>) {
  for (const field of new Set([...Object.keys(row), ...Object.keys(leaf)])) {
    if (canonicalize(row[field] ?? null) !== canonicalize(leaf[field] ?? null)) return field;
  }
  return null;
}

async function describeEventMismatch(
  tx: Transaction,
  row: TrainingEventRecord,
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
  // The quick comparison noted the row, but the canonical forms agree: not a mismatch.
  return null;
}

async function describeAuditMismatch(
  tx: Transaction,
  organizationId: string,
  leafIndex: number,
): Promise<Mismatch | null> {
  const [found] = await tx
    .select({
      leaf: ledgerLeaves,
      row: auditLogs,
      sameTime: sql<boolean>`((${ledgerLeaves.leaf}::jsonb)->>'recordedAt')::timestamptz = ${auditLogs.createdAt}`,
    })
    .from(ledgerLeaves)
    .leftJoin(
      auditLogs,
      and(eq(auditLogs.id, ledgerLeaves.recordId), eq(auditLogs.organizationId, organizationId)),
    )
    .where(
      and(eq(ledgerLeaves.organizationId, organizationId), eq(ledgerLeaves.leafIndex, leafIndex)),
    );
  if (!found) return null;
  const { leaf, row, sameTime } = found;
  const parsed = JSON.parse(leaf.leaf) as { recordedAt: string; data: Record<string, unknown> };
  let problem = 'its row is gone';
  if (row) {
    const field = firstDifference(auditLogLeafData(row), parsed.data);
    if (field) problem = `${field} differs from the leaf`;
    else if (!sameTime)
      problem = `its time is ${row.createdAt.toISOString()}, the leaf says ${parsed.recordedAt}`;
    else return null;
  }
  return new Mismatch({
    kind: 'record_mismatch',
    message: `Audit entry ${leaf.recordId} (leaf ${leaf.leafIndex}): ${problem}`,
    recordId: leaf.recordId,
    leafIndex: leaf.leafIndex,
  });
}

/** The quick form of an audit entry's `data`: null when the row's details do not read as JSON. */
function auditDataText(action: string, actorId: string | null, details: string): string | null {
  try {
    return canonicalize({ action, actorId, details: JSON.parse(details) as unknown });
  } catch {
    return null;
  }
}

/** True when `text` holds a character a JSON string must escape: '"', '\\' or a control one. */
function needsEscape(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x20 || c === 0x22 || c === 0x5c) return true;
  }
  return false;
}

/** `{"data":{"changedBy":"` …: each key's text with the opening quote of a string value. */
const EVENT_KEY_QUOTE = EVENT_KEY_TEXT.map((text) => `${text}"`);

/**
 * True when row `r`'s data columns are the start of `leaf`: its `data` in canonical form. When
 * the chunk is `plain` (no text in it needs escaping, nearly always) each value is written as it
 * is; the whole expected text is then compared with the leaf's start at once, which is several
 * times faster than comparing piece by piece with startsWith at offsets.
 */
function eventDataMatches(leaf: string, data: (string | null)[][], r: number, plain: boolean) {
  let expected = '';
  for (let k = 0; k < EVENT_KEY_TEXT.length; k++) {
    const value = data[k]![r]!;
    if (value === null) expected += `${EVENT_KEY_TEXT[k]}null`;
    else if (plain || !needsEscape(value)) expected += `${EVENT_KEY_QUOTE[k]}${value}"`;
    else expected += EVENT_KEY_TEXT[k]! + JSON.stringify(value);
  }
  expected += EVENT_DATA_END;
  return leaf.slice(0, expected.length) === expected;
}

/**
 * Collects, chunk by chunk, the rows that do not match their leaves; `finish` then reports the
 * first real mismatch, or returns how many records were checked.
 */
export class RecordCheck {
  private events = 0;
  private audits = 0;
  /** Training event rows to describe exactly: leaf index and id. */
  private readonly noted: { ledgerIndex: number; id: string }[] = [];
  /** Audit leaves to describe exactly, in log order. */
  private readonly notedAudits: number[] = [];
  /** Each training event's leaf of the highest version. */
  private readonly latest = new Map<string, number>();
  /** Per leaf index: 1 when a row matched the leaf; the version of each training event leaf. */
  private matched = new Uint8Array(0);
  private versions = new Int32Array(0);

  constructor(
    private readonly tx: Transaction,
    private readonly organizationId: string,
  ) {}

  checkChunk(from: number, leaves: Columns, events: Columns, audits: Columns) {
    const types = leaves.cols[LEAF.type]!;
    const recordIds = leaves.cols[LEAF.recordId]!;
    const leafVersions = leaves.cols[LEAF.version]!;
    const leafHashes = leaves.cols[LEAF.hash]!;
    const texts = leaves.cols[LEAF.leaf]! as string[];
    const to = from + leaves.rows;
    if (this.matched.length < to) {
      const length = Math.max(to, this.matched.length * 2);
      const matched = new Uint8Array(length);
      matched.set(this.matched);
      this.matched = matched;
      const versions = new Int32Array(length);
      versions.set(this.versions);
      this.versions = versions;
    }
    const { latest, versions, matched } = this;
    for (let i = 0; i < leaves.rows; i++) {
      if (types[i] !== 'training_event') continue;
      const id = recordIds[i]!;
      const index = from + i;
      const version = Number(leafVersions[i]);
      versions[index] = version;
      const seen = latest.get(id);
      if (seen === undefined || version > versions[seen]!) latest.set(id, index);
    }

    const ids = events.cols[EVENT.id]!;
    const ledgerIndices = events.cols[EVENT.ledgerIndex]!;
    const rowVersions = events.cols[EVENT.version]!;
    const rowHashes = events.cols[EVENT.hash]!;
    const data = events.cols.slice(EVENT.data);
    for (let r = 0; r < events.rows; r++) {
      const id = ids[r]!;
      const ledgerIndex = Number(ledgerIndices[r]);
      const i = ledgerIndex - from;
      const ok =
        types[i] === 'training_event' &&
        recordIds[i] === id &&
        leafVersions[i] === rowVersions[r] &&
        leafHashes[i] === rowHashes[r] &&
        eventDataMatches(texts[i]!, data, r, events.plain);
      if (ok && matched[ledgerIndex] === 0) matched[ledgerIndex] = 1;
      else this.noted.push({ ledgerIndex, id });
    }
    this.events += events.rows;

    const auditIds = audits.cols[AUDIT.id]!;
    for (let r = 0; r < audits.rows; r++) {
      const leafIndex = Number(audits.cols[AUDIT.leafIndex]![r]);
      const leaf = texts[leafIndex - from]!;
      let ok = auditIds[r] !== null;
      if (ok) {
        const data = auditDataText(
          audits.cols[AUDIT.action]![r]!,
          audits.cols[AUDIT.actorId]![r] ?? null,
          audits.cols[AUDIT.details]![r]!,
        );
        // The envelope check placed recordedAt (ISO 8601, milliseconds, Z) before the fixed tail.
        const versionText = leaf.slice(leaf.lastIndexOf(':') + 1, -1);
        const at = leaf.length - 1 - versionText.length - RECORDED_AT_TAIL_LENGTH - 24;
        const recordedAt = `${leaf.slice(at, at + 23)}000`;
        const prefix = `{"data":${data},"organizationId":`;
        ok =
          data !== null &&
          leaf.slice(0, prefix.length) === prefix &&
          recordedAt === audits.cols[AUDIT.createdAt]![r];
      }
      if (!ok) this.notedAudits.push(leafIndex);
    }
    this.audits += audits.rows;
  }

  /** After the log verified: the first record that differs (throws), else how many were checked. */
  async finish(treeSize: number): Promise<number> {
    const { tx, organizationId } = this;
    const inOrg = eq(trainingEvents.organizationId, organizationId);
    const [unledgered] = await tx
      .select()
      .from(trainingEvents)
      .where(and(inOrg, isNull(trainingEvents.ledgerIndex)))
      .limit(1);
    const missing = unledgered ? await describeEventMismatch(tx, unledgered) : null;
    if (missing) throw missing;

    // Rows naming a leaf outside the log were in no chunk.
    const outside = await tx
      .select({ id: trainingEvents.id, ledgerIndex: trainingEvents.ledgerIndex })
      .from(trainingEvents)
      .where(
        and(
          inOrg,
          or(lt(trainingEvents.ledgerIndex, 0), gte(trainingEvents.ledgerIndex, treeSize)),
        ),
      );
    const toDescribe = [...this.noted];
    for (const row of outside) toDescribe.push({ ledgerIndex: row.ledgerIndex!, id: row.id });
    // Records whose latest leaf no row matched: a row left at an older version, or none at all.
    const notedIds = new Set(this.noted.map((n) => n.id));
    const unmatched: string[] = [];
    for (const [id, index] of this.latest) {
      if (this.matched[index] !== 1 && !notedIds.has(id)) unmatched.push(id);
    }
    const stale = unmatched.length
      ? await tx
          .select({ id: trainingEvents.id, ledgerIndex: trainingEvents.ledgerIndex })
          .from(trainingEvents)
          .where(and(inOrg, sql`${trainingEvents.id} = any(${sql.param(unmatched)}::uuid[])`))
      : [];
    for (const row of stale) toDescribe.push({ ledgerIndex: row.ledgerIndex ?? -1, id: row.id });
    toDescribe.sort((a, b) => a.ledgerIndex - b.ledgerIndex);
    for (const { id } of toDescribe) {
      const [row] = await tx.select().from(trainingEvents).where(eq(trainingEvents.id, id));
      const mismatch = row ? await describeEventMismatch(tx, row) : null;
      if (mismatch) throw mismatch;
    }

    if (unmatched.length > stale.length) {
      const [orphan] = await tx
        .select({ recordId: ledgerLeaves.recordId, index: ledgerLeaves.leafIndex })
        .from(ledgerLeaves)
        .where(
          and(
            eq(ledgerLeaves.organizationId, organizationId),
            eq(ledgerLeaves.recordType, 'training_event'),
            sql`${ledgerLeaves.recordId} = any(${sql.param(unmatched)}::uuid[])`,
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
    }

    for (const leafIndex of this.notedAudits) {
      const mismatch = await describeAuditMismatch(tx, organizationId, leafIndex);
      if (mismatch) throw mismatch;
    }
    return this.events + outside.length + this.audits;
  }
}
