import { sql, type SQL } from 'drizzle-orm';
import type { Transaction } from '../../db/client';

/*
 * Bulk reads for the full verification. Each chunk comes back as one JSON array (json_agg) rather
 * than thousands of result rows: the embedded database spends most of a large read on per-row
 * protocol work, and one JSON.parse of the whole chunk is several times cheaper.
 */

export interface LeafRow {
  leafIndex: number;
  recordType: string;
  recordId: string;
  version: number;
  leaf: string;
  leafHash: string;
}

async function jsonRows<T>(tx: Transaction, query: SQL): Promise<T[]> {
  const result = (await tx.execute(query)) as unknown as { rows: { j: string | null }[] };
  const text = result.rows[0]?.j;
  return text ? (JSON.parse(text) as T[]) : [];
}

/** Leaves [from, to) in index order. */
export async function leavesIn(
  tx: Transaction,
  organizationId: string,
  from: number,
  to: number,
): Promise<LeafRow[]> {
  const rows = await jsonRows<[number, string, string, number, string, string]>(
    tx,
    sql`select json_agg(json_build_array(leaf_index, record_type, record_id, version, leaf, leaf_hash)
          order by leaf_index)::text as j
        from ledger_leaves
        where organization_id = ${organizationId} and leaf_index >= ${from} and leaf_index < ${to}`,
  );
  return rows.map(([leafIndex, recordType, recordId, version, leaf, leafHash]) => ({
    leafIndex,
    recordType,
    recordId,
    version,
    leaf,
    leafHash,
  }));
}

/** Stored nodes completed by leaves [from, to): for level L, indices j with (j+1)·2^L − 1 in range. */
export async function nodesClosedIn(
  tx: Transaction,
  organizationId: string,
  from: number,
  to: number,
): Promise<Map<string, string>> {
  const ranges: SQL[] = [];
  for (let span = 2, level = 1; span <= to; span *= 2, level++) {
    const lo = Math.ceil((from + 1) / span) - 1;
    const hi = Math.floor(to / span) - 1;
    if (hi >= lo) ranges.push(sql`(level = ${level} and node_index between ${lo} and ${hi})`);
  }
  const nodes = new Map<string, string>();
  if (ranges.length === 0) return nodes;
  const rows = await jsonRows<[number, number, string]>(
    tx,
    sql`select json_agg(json_build_array(level, node_index, hash))::text as j
        from ledger_nodes
        where organization_id = ${organizationId} and (${sql.join(ranges, sql` or `)})`,
  );
  for (const [level, index, hash] of rows) nodes.set(`${level}:${index}`, hash);
  return nodes;
}
