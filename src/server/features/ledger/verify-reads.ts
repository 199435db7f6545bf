import { sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { LEDGER_FIELDS } from '@shared/api/training-events';
import type { Transaction } from '../../db/client';
import { trainingEvents } from '../../db/schema';

/*
 * Bulk reads for the full verification. The embedded database spends most of a large read on
 * per-row and per-field result handling (100,000 rows of 16 fields took seconds), and building
 * one text per row out of several columns costs it a copy per column. So each column of a chunk
 * comes back as ONE text value, `string_agg` of that column over the chunk's rows joined by the
 * record separator U+001E, beside the row count: one native split per column in JavaScript.
 *
 * - A value that itself contains U+001E (only a tampered row could) makes the piece count
 *   disagree with the row count; the part is then read again row by row, with the same result.
 * - NULL travels as U+001F, and one more aggregate counts the rows where some nullable value IS
 *   that character: when there are any, the part is read row by row too.
 */

const SEP = '\u001e';
const NULL_MARK = '\u001f';

interface Column {
  sql: SQL;
  nullable?: boolean;
  /** Text that goes into the leaf as a JSON string: say whether any of it needs escaping. */
  json?: boolean;
}

interface Part {
  columns: Column[];
  /** `from … where …` of the rows. */
  from: SQL;
  /**
   * The order of the rows. Without one, every column is still aggregated in the same order (one
   * pass over the same input), just not a chosen one.
   */
  order?: SQL;
}

/** A part read column by column: `cols[c][r]` is row r's value of column c (null for NULL). */
export interface Columns {
  rows: number;
  cols: (string | null)[][];
  /**
   * True when no `json` column holds a character a JSON string escapes ('"', '\\' or a control
   * character): then each such value's JSON form is '"' + value + '"'.
   */
  plain: boolean;
}

/** A character JSON escapes, other than the separator and the null mark. */
// eslint-disable-next-line no-control-regex -- control characters are what it looks for
const ESCAPED = /["\\\u0000-\u001d]/;

/**
 * True when no value in a column's aggregated text needs escaping in JSON: no such character,
 * and every U+001F in it is one of the `nulls` null marks (none inside a longer value).
 */
function plainColumn(text: string, nulls: number): boolean {
  if (ESCAPED.test(text)) return false;
  let marks = 0;
  for (let at = text.indexOf(NULL_MARK); at !== -1; at = text.indexOf(NULL_MARK, at + 1)) {
    if (++marks > nulls) return false;
  }
  return marks === nulls;
}

const alias = (part: number, kind: string, column = 0) => sql.raw(`${kind}${part}_${column}`);

function aggregate(part: Part, p: number): SQL {
  const outputs: SQL[] = [sql`count(*)::int as ${alias(p, 'n')}`];
  part.columns.forEach((column, c) => {
    const value = column.nullable ? sql`coalesce(${column.sql}, ${NULL_MARK})` : column.sql;
    const order = part.order ? sql` order by ${part.order}` : sql``;
    outputs.push(sql`string_agg(${value}, ${SEP}${order}) as ${alias(p, 's', c)}`);
  });
  const nullable = part.columns.filter((column) => column.nullable).map((column) => column.sql);
  if (nullable.length) {
    outputs.push(
      sql`count(*) filter (where ${NULL_MARK} in (${sql.join(nullable, sql`, `)}))::int as ${alias(p, 'z')}`,
    );
  }
  return sql`(select ${sql.join(outputs, sql`, `)} ${part.from}) as ${sql.raw(`p${p}`)}`;
}

/** The exact, slow path: the part's rows one by one, NULL as null. */
async function rowByRow(tx: Transaction, part: Part): Promise<Columns> {
  const outputs = sql.join(
    part.columns.map((column, c) => sql`${column.sql} as ${alias(0, 'f', c)}`),
    sql`, `,
  );
  const result = (await tx.execute(sql`select ${outputs} ${part.from} order by ${part.order}`)) as {
    rows: Record<string, string | null>[];
  };
  const cols = part.columns.map((_, c) => result.rows.map((row) => row[`f0_${c}`] ?? null));
  return { rows: result.rows.length, cols, plain: false };
}

/** Reads several parts in one statement (one round trip). */
async function readParts(tx: Transaction, parts: Part[]): Promise<Columns[]> {
  const result = (await tx.execute(
    sql`select * from ${sql.join(
      parts.map((part, p) => aggregate(part, p)),
      sql` cross join `,
    )}`,
  )) as { rows: Record<string, string | number | null>[] };
  const row = result.rows[0]!;
  // One part after the other: a row-by-row read is a query, and a connection runs one at a time.
  const out: Columns[] = [];
  for (let p = 0; p < parts.length; p++) {
    out.push(await readPart(parts[p]!, p));
  }
  return out;

  async function readPart(part: Part, p: number): Promise<Columns> {
    const rows = Number(row[`n${p}_0`]);
    if (Number(row[`z${p}_0`] ?? 0) > 0) return rowByRow(tx, part);
    const cols: (string | null)[][] = [];
    let plain = true;
    for (let c = 0; c < part.columns.length; c++) {
      const column = part.columns[c]!;
      const text = row[`s${p}_${c}`] as string | null;
      const values: (string | null)[] = text === null ? [] : text.split(SEP);
      if (values.length !== rows) return rowByRow(tx, part);
      let nulls = 0;
      if (column.nullable) {
        for (let r = 0; r < rows; r++) {
          if (values[r] === NULL_MARK) {
            values[r] = null;
            nulls++;
          }
        }
      }
      if (column.json && plain && text !== null) plain = plainColumn(text, nulls);
      cols.push(values);
    }
    return { rows, cols, plain };
  }
}

/**
 * Settings for the verification's transaction. The embedded database never runs ANALYZE (there
 * is no autovacuum process), so the planner guesses a handful of rows for a chunk of 25,000 and
 * picks a bitmap scan plus a sort that spills to disk; an index scan delivers the rows already in
 * order, and the larger sort memory keeps any sort in memory.
 */
export async function prepareVerification(tx: Transaction) {
  await tx.execute(sql`set local work_mem = '64MB'`);
  await tx.execute(sql`set local enable_bitmapscan = off`);
}

/** Columns of a leaf row (its index is implied: the count must be to − from). */
export const LEAF = { type: 0, recordId: 1, version: 2, hash: 3, leaf: 4 } as const;

/**
 * The stored hashes of the subtrees a chunk of leaves completes: `hashes[level][j − lowest[level]]`
 * is the stored hash of node (level, j), undefined when none is stored.
 */
export interface ChunkNodes {
  lowest: number[];
  hashes: (string | undefined)[][];
}

export interface LogChunk {
  leaves: Columns;
  nodes: ChunkNodes;
  /** The first absent index when a leaf is missing (fewer rows than to − from). */
  missing: number | null;
}

/** Leaves [from, to) in index order, and the stored subtree hashes those leaves complete. */
export async function logChunk(
  tx: Transaction,
  organizationId: string,
  from: number,
  to: number,
): Promise<LogChunk> {
  // For level L, the indices j with (j+1)·2^L − 1 in [from, to): one index range per level
  // (joined from arrays; a disjunction of ranges made the planner scan every node of the log).
  const levels: number[] = [];
  const lows: number[] = [];
  const highs: number[] = [];
  const lowest: number[] = [];
  let expected = 0;
  for (let span = 2, level = 1; span <= to; span *= 2, level++) {
    const lo = Math.ceil((from + 1) / span) - 1;
    const hi = Math.floor(to / span) - 1;
    lowest[level] = lo;
    if (hi >= lo) {
      levels.push(level);
      lows.push(lo);
      highs.push(hi);
      expected += hi - lo + 1;
    }
  }
  const nodesIn = sql`from unnest(${sql.param(levels)}::smallint[], ${sql.param(lows)}::bigint[],
      ${sql.param(highs)}::bigint[]) as r(level, lo, hi)
    join ledger_nodes n on n.organization_id = ${organizationId}
      and n.level = r.level and n.node_index between r.lo and r.hi`;
  const inRange = sql`from ledger_leaves where organization_id = ${organizationId}
    and leaf_index >= ${from} and leaf_index < ${to}`;
  const [leaves, nodeHashes] = await readParts(tx, [
    {
      columns: [
        { sql: sql`record_type` },
        { sql: sql`record_id::text` },
        { sql: sql`version::text` },
        { sql: sql`leaf_hash` },
        { sql: sql`leaf` },
      ],
      from: inRange,
      order: sql`leaf_index`,
    },
    // Only the hashes, in (level, index) order: when every expected node is there (the count
    // says so, the primary key rules out duplicates), position tells which node each one is.
    { columns: [{ sql: sql`n.hash` }], from: nodesIn, order: sql`n.level, n.node_index` },
  ]);
  const hashes: (string | undefined)[][] = [];
  if (nodeHashes!.rows === expected) {
    let r = 0;
    for (let k = 0; k < levels.length; k++) {
      const column: string[] = (hashes[levels[k]!] = []);
      for (let j = lows[k]!; j <= highs[k]!; j++) column.push(nodeHashes!.cols[0]![r++]!);
    }
  } else {
    // Some are missing: place the ones that are there by their own level and index.
    const result = (await tx.execute(
      sql`select n.level::text as l, n.node_index::text as j, n.hash as h ${nodesIn}`,
    )) as { rows: { l: string; j: string; h: string }[] };
    for (const { l, j, h } of result.rows) {
      const level = Number(l);
      (hashes[level] ??= [])[Number(j) - lowest[level]!] = h;
    }
  }
  let missing: number | null = null;
  if (leaves!.rows !== to - from) {
    // Leaf indices are unique per organization, so a short count means a gap: find the first.
    const result = (await tx.execute(
      sql`select leaf_index::text as i ${inRange} order by leaf_index`,
    )) as { rows: { i: string }[] };
    missing = from + result.rows.length;
    for (let k = 0; k < result.rows.length; k++) {
      if (Number(result.rows[k]!.i) !== from + k) {
        missing = from + k;
        break;
      }
    }
  }
  return { leaves: leaves!, nodes: { lowest, hashes }, missing };
}

/** The keys of a training event leaf's `data`, in canonical (sorted) order, and their columns. */
const EVENT_DATA: [string, PgColumn][] = [
  ...LEDGER_FIELDS.map((f): [string, PgColumn] => [f, trainingEvents[f]]),
  ['changedBy', trainingEvents.updatedBy] as [string, PgColumn],
].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));

export const EVENT_DATA_KEYS = EVENT_DATA.map(([key]) => key);
/** Columns of a training event row; its data columns follow from EVENT.data on, in EVENT_DATA_KEYS order. */
export const EVENT = { id: 0, ledgerIndex: 1, version: 2, hash: 3, data: 4 } as const;
/** Columns of an audit leaf with its row (all null but the index when the row is gone). */
export const AUDIT = {
  leafIndex: 0,
  id: 1,
  action: 2,
  actorId: 3,
  details: 4,
  createdAt: 5,
} as const;

/**
 * The records whose latest leaf lies in [from, to): training event rows by `ledger_index`, and
 * the audit entries of the audit leaves there (each with its row, if the row still exists).
 */
export async function recordChunk(
  tx: Transaction,
  organizationId: string,
  from: number,
  to: number,
): Promise<{ events: Columns; audits: Columns }> {
  const [events, audits] = await readParts(tx, [
    {
      columns: [
        { sql: sql`id::text` },
        { sql: sql`ledger_index::text` },
        { sql: sql`version::text` },
        { sql: sql`blockchain_hash`, nullable: true },
        ...EVENT_DATA.map(([, column]) => ({
          sql: sql`${column}::text`,
          nullable: true,
          // Dates and UUIDs never need escaping.
          json: column.getSQLType() === 'text',
        })),
      ],
      from: sql`from training_events where organization_id = ${organizationId}
        and ledger_index >= ${from} and ledger_index < ${to}`,
      // Not a total order when two rows name one leaf (a tampered table), but every column is
      // aggregated from the same input order: the index delivers it sorted, so nothing re-sorts.
      order: sql`ledger_index`,
    },
    {
      columns: [
        { sql: sql`l.leaf_index::text` },
        { sql: sql`a.id::text`, nullable: true },
        { sql: sql`a.action`, nullable: true },
        { sql: sql`a.actor_id::text`, nullable: true },
        { sql: sql`a.details::text`, nullable: true },
        {
          sql: sql`to_char(a.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US')`,
          nullable: true,
        },
      ],
      from: sql`from ledger_leaves l left join audit_logs a
          on a.id = l.record_id and a.organization_id = ${organizationId}
        where l.organization_id = ${organizationId} and l.record_type = 'audit_log'
          and l.leaf_index >= ${from} and l.leaf_index < ${to}`,
      order: sql`l.leaf_index`,
    },
  ]);
  return { events: events!, audits: audits! };
}
