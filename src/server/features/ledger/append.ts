import { eq, sql } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { LeafType } from '@shared/api/ledger';
import { canonicalize } from '@shared/ledger/canonical-json';
import { EMPTY_ROOT } from '@shared/ledger/merkle';
import type { DbOrTx, Transaction } from '../../db/client';
import { ledgerStates } from '../../db/schema';
import { leafHashOf, pushLeaf, rootOfFrontier, type CompletedNode } from './hashing';

export interface LedgerEntry {
  type: LeafType;
  recordId: string;
  version: number;
  /** Any JSON value; canonicalised (RFC 8785) into the leaf. */
  data: unknown;
  recordedAt: Date;
}

export interface AppendedLeaf {
  type: LeafType;
  index: number;
  leafHash: string;
  leaf: string;
  recordId: string;
  version: number;
}

/** Runs `work` in the caller's transaction, or in a new one when given the database itself. */
export function inTransaction<T>(db: DbOrTx, work: (tx: Transaction) => Promise<T>): Promise<T> {
  if (db instanceof PgTransaction) return work(db as Transaction);
  return db.transaction(work);
}

/** The leaf text: RFC 8785 canonical JSON of the envelope the issue defines. */
export function leafText(organizationId: string, entry: LedgerEntry): string {
  return canonicalize({
    type: entry.type,
    organizationId,
    recordId: entry.recordId,
    version: entry.version,
    data: entry.data,
    recordedAt: entry.recordedAt.toISOString(),
  });
}

export type LedgerState = typeof ledgerStates.$inferSelect;

/**
 * Takes the organization's append lock for the rest of the transaction and returns the state.
 *
 * Lock order: a KEY SHARE lock on the organization row comes first. Other features lock that row
 * FOR UPDATE and then write audit entries (which append here); if we took the ledger lock first
 * and an insert with a foreign key to the organization then waited for their lock, the two
 * transactions would wait for each other.
 */
export async function lockLedger(tx: Transaction, organizationId: string): Promise<LedgerState> {
  await tx.execute(sql`select 1 from organizations where id = ${organizationId} for key share`);
  const select = () =>
    tx
      .select()
      .from(ledgerStates)
      .where(eq(ledgerStates.organizationId, organizationId))
      .for('update');
  let [state] = await select();
  if (!state) {
    // First use. Concurrent first uses collide on the primary key; the loser waits, then reads.
    await tx
      .insert(ledgerStates)
      .values({ organizationId, treeSize: 0, rootHash: EMPTY_ROOT, frontier: [] })
      .onConflictDoNothing();
    [state] = await select();
    if (!state) throw new Error(`ledger state for ${organizationId} could not be created`);
  }
  return state;
}

// One statement per chunk, each column sent as ONE text parameter, its values joined by U+001E
// and split again in SQL (string_to_array): far less parameter encoding than a multi-row VALUES
// list or an array parameter, which the embedded database's client escapes element by element.
// No value can contain the separator: leaves are canonical JSON (control characters escaped),
// the rest are types, UUIDs, numbers and hex.
const ROWS_PER_INSERT = 10_000;
const SEP = '\u001e';
const joined = (values: (string | number)[]) => values.join(SEP);

async function insertLeaves(tx: Transaction, organizationId: string, leaves: AppendedLeaf[]) {
  for (let i = 0; i < leaves.length; i += ROWS_PER_INSERT) {
    const chunk = leaves.slice(i, i + ROWS_PER_INSERT);
    await tx.execute(sql`
      insert into ledger_leaves (organization_id, leaf_index, record_type, record_id, version, leaf, leaf_hash)
      select ${organizationId}, * from unnest(
        string_to_array(${joined(chunk.map((l) => l.index))}, ${SEP})::bigint[],
        string_to_array(${joined(chunk.map((l) => l.type))}, ${SEP}),
        string_to_array(${joined(chunk.map((l) => l.recordId))}, ${SEP})::uuid[],
        string_to_array(${joined(chunk.map((l) => l.version))}, ${SEP})::int[],
        string_to_array(${joined(chunk.map((l) => l.leaf))}, ${SEP}),
        string_to_array(${joined(chunk.map((l) => l.leafHash))}, ${SEP}))`);
  }
}

async function insertNodes(tx: Transaction, organizationId: string, nodes: CompletedNode[]) {
  for (let i = 0; i < nodes.length; i += ROWS_PER_INSERT) {
    const chunk = nodes.slice(i, i + ROWS_PER_INSERT);
    await tx.execute(sql`
      insert into ledger_nodes (organization_id, level, node_index, hash)
      select ${organizationId}, * from unnest(
        string_to_array(${joined(chunk.map((n) => n.level))}, ${SEP})::smallint[],
        string_to_array(${joined(chunk.map((n) => n.nodeIndex))}, ${SEP})::bigint[],
        string_to_array(${joined(chunk.map((n) => n.hash))}, ${SEP}))`);
  }
}

/**
 * Appends `entries`, in order, to the organization's log inside the caller's transaction: the
 * leaves get consecutive indices from the current tree size, the complete subtrees they close
 * are stored, and the state (size, root, frontier) moves on. Holding the state row lock until
 * commit gives concurrent requests and processes distinct, gap-free indices; a rollback takes
 * the leaves back with the record they belong to.
 */
export async function appendToLedger(
  db: DbOrTx,
  organizationId: string,
  entries: LedgerEntry[],
): Promise<AppendedLeaf[]> {
  if (entries.length === 0) return [];
  return inTransaction(db, async (tx) => {
    const state = await lockLedger(tx, organizationId);
    const frontier = [...state.frontier];
    let size = state.treeSize;
    const appended: AppendedLeaf[] = [];
    const nodes: CompletedNode[] = [];
    for (const entry of entries) {
      const leaf = leafText(organizationId, entry);
      const leafHash = leafHashOf(leaf);
      nodes.push(...pushLeaf(frontier, size, leafHash));
      appended.push({
        type: entry.type,
        index: size,
        leafHash,
        leaf,
        recordId: entry.recordId,
        version: entry.version,
      });
      size++;
    }

    await insertLeaves(tx, organizationId, appended);
    await insertNodes(tx, organizationId, nodes);
    await tx
      .update(ledgerStates)
      .set({
        treeSize: size,
        rootHash: rootOfFrontier(frontier, EMPTY_ROOT),
        frontier,
        updatedAt: new Date(),
      })
      .where(eq(ledgerStates.organizationId, organizationId));
    return appended;
  });
}
