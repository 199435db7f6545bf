import { and, asc, count, eq, gte, sql } from 'drizzle-orm';
import {
  LEAF_TYPES,
  type LeafType,
  type LedgerMismatch,
  type LedgerVerification,
} from '@shared/api/ledger';
import { EMPTY_ROOT } from '@shared/ledger/merkle';
import type { Database, Transaction } from '../../db/client';
import { ledgerHeads, ledgerKeys, ledgerLeaves, ledgerNodes, ledgerStates } from '../../db/schema';
import { leafHashOf, pushLeaf, rootOfFrontier } from './hashing';
import { headSignatureValid, toSignedTreeHead } from './heads';
import { Mismatch } from './mismatch';
import { leavesIn, nodesClosedIn } from './verify-reads';
import { verifyRecords } from './verify-records';

const CHUNK = 10_000;
const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const ISO_TIME_LENGTH = 24;

interface Counters {
  leaves: number;
  nodes: number;
  heads: number;
  records: number;
  recordsMs: number;
}

/**
 * Checks that the leaf's own envelope names what its columns say (organization, type, record,
 * version), without parsing it: in canonical JSON the keys are sorted, so after `data` the leaf
 * ends with a tail whose shape is fixed. A leaf that is not in that exact form fails too.
 */
function envelopeMismatch(
  row: { leaf: string; recordType: string; recordId: string; version: number },
  organizationId: string,
): string | null {
  if (!LEAF_TYPES.includes(row.recordType as LeafType))
    return `has an unknown record type ${row.recordType}`;
  const head = `,"organizationId":"${organizationId}","recordId":"${row.recordId}","recordedAt":"`;
  const tail = `","type":"${row.recordType}","version":${row.version}}`;
  const at = row.leaf.length - tail.length - ISO_TIME_LENGTH - head.length;
  const ok =
    row.leaf.startsWith('{"data":') &&
    row.leaf.endsWith(tail) &&
    row.leaf.startsWith(head, at) &&
    ISO_TIME.test(row.leaf.slice(at + head.length, at + head.length + ISO_TIME_LENGTH));
  return ok
    ? null
    : `does not read as ${row.recordType} ${row.recordId} version ${row.version} of this organization in canonical form`;
}

/**
 * Recomputes the organization's whole log from the stored leaf bytes: every leaf hash, every
 * stored subtree hash, every signed head's root and signature, the state row, and then every
 * record against the latest leaf of its own. Stops at the first thing that does not recompute,
 * in log order. Runs in one read-only REPEATABLE READ snapshot, so appends meanwhile are not seen.
 */
export async function verifyLedger(
  db: Database,
  organizationId: string,
): Promise<LedgerVerification> {
  const started = performance.now();
  const counters: Counters = {
    leaves: 0,
    nodes: 0,
    heads: 0,
    records: 0,
    recordsMs: 0,
  };
  const frontier: string[] = [];
  let treeSize = 0;
  let mismatch: LedgerMismatch | null = null;
  await db.transaction(
    async (tx) => {
      try {
        treeSize = await walk(tx, organizationId, frontier, counters);
      } catch (error) {
        if (!(error instanceof Mismatch)) throw error;
        mismatch = error.detail;
      }
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
  return {
    ok: mismatch === null,
    treeSize,
    rootHash: rootOfFrontier(frontier, EMPTY_ROOT),
    leavesChecked: counters.leaves,
    nodesChecked: counters.nodes,
    headsChecked: counters.heads,
    recordsChecked: counters.records,
    durationMs: Math.round((performance.now() - started) * 10) / 10,
    recordsMs: Math.round(counters.recordsMs * 10) / 10,
    firstMismatch: mismatch,
  };
}

async function walk(
  tx: Transaction,
  organizationId: string,
  frontier: string[],
  counters: Counters,
) {
  const [state] = await tx
    .select()
    .from(ledgerStates)
    .where(eq(ledgerStates.organizationId, organizationId));
  const size = state?.treeSize ?? 0;
  const heads = await tx
    .select()
    .from(ledgerHeads)
    .where(eq(ledgerHeads.organizationId, organizationId))
    .orderBy(asc(ledgerHeads.treeSize));
  const [key] = await tx
    .select()
    .from(ledgerKeys)
    .where(eq(ledgerKeys.organizationId, organizationId));
  let nextHead = 0;

  const checkHeadsAt = (treeSize: number) => {
    while (nextHead < heads.length && heads[nextHead]!.treeSize === treeSize) {
      const head = toSignedTreeHead(heads[nextHead]!);
      const root = rootOfFrontier(frontier, EMPTY_ROOT);
      if (head.rootHash !== root) {
        throw new Mismatch({
          kind: 'head_root',
          message: `The signed head of ${treeSize} leaves (${head.timestamp}) has root ${head.rootHash}, but the stored leaves give ${root}`,
          treeSize,
          expected: root,
          actual: head.rootHash,
        });
      }
      if (!key || key.id !== head.keyId || !headSignatureValid(key, head)) {
        throw new Mismatch({
          kind: 'head_signature',
          message: `The signature of the head of ${treeSize} leaves (${head.timestamp}) does not verify with the organization's public key`,
          treeSize,
        });
      }
      counters.heads++;
      nextHead++;
    }
  };

  checkHeadsAt(0);
  for (let from = 0; from < size; from += CHUNK) {
    const to = Math.min(size, from + CHUNK);
    const rows = await leavesIn(tx, organizationId, from, to);
    const nodes = await nodesClosedIn(tx, organizationId, from, to);
    for (let i = from; i < to; i++) {
      const row = rows[i - from];
      if (!row || row.leafIndex !== i) {
        throw new Mismatch({ kind: 'leaf_missing', message: `Leaf ${i} is missing`, leafIndex: i });
      }
      const recomputed = leafHashOf(row.leaf);
      if (recomputed !== row.leafHash) {
        throw new Mismatch({
          kind: 'leaf_hash',
          message: `Leaf ${i}: its bytes hash to ${recomputed}, the stored leaf hash is ${row.leafHash}`,
          leafIndex: i,
          recordId: row.recordId,
          expected: recomputed,
          actual: row.leafHash,
        });
      }
      const envelopeProblem = envelopeMismatch(row, organizationId);
      if (envelopeProblem) {
        throw new Mismatch({
          kind: 'leaf_envelope',
          message: `Leaf ${i} ${envelopeProblem}`,
          leafIndex: i,
          recordId: row.recordId,
        });
      }
      for (const node of pushLeaf(frontier, i, recomputed)) {
        const stored = nodes.get(`${node.level}:${node.nodeIndex}`);
        if (stored === undefined || stored !== node.hash) {
          throw new Mismatch({
            kind: stored === undefined ? 'node_missing' : 'node_hash',
            message:
              stored === undefined
                ? `The hash of subtree level ${node.level} index ${node.nodeIndex} is missing`
                : `Stored hash of subtree level ${node.level} index ${node.nodeIndex} is ${stored}, the leaves give ${node.hash}`,
            level: node.level,
            nodeIndex: node.nodeIndex,
            expected: node.hash,
            actual: stored ?? null,
          });
        }
        counters.nodes++;
      }
      counters.leaves++;
      checkHeadsAt(i + 1);
    }
  }
  await checkStorageBounds(tx, organizationId, size, frontier, state, heads.length - nextHead);
  const recordsStarted = performance.now();
  counters.records = await verifyRecords(tx, organizationId);
  counters.recordsMs = performance.now() - recordsStarted;
  return size;
}

async function checkStorageBounds(
  tx: Transaction,
  organizationId: string,
  size: number,
  frontier: string[],
  state: typeof ledgerStates.$inferSelect | undefined,
  headsLeft: number,
) {
  const [beyond] = await tx
    .select({ n: count() })
    .from(ledgerLeaves)
    .where(and(eq(ledgerLeaves.organizationId, organizationId), gte(ledgerLeaves.leafIndex, size)));
  if ((beyond?.n ?? 0) > 0) {
    throw new Mismatch({
      kind: 'state',
      message: `${beyond!.n} stored leaves lie beyond the recorded tree size ${size}`,
      treeSize: size,
    });
  }
  const [extra] = await tx
    .select({ level: ledgerNodes.level, index: ledgerNodes.nodeIndex })
    .from(ledgerNodes)
    .where(
      and(
        eq(ledgerNodes.organizationId, organizationId),
        sql`(${ledgerNodes.nodeIndex} + 1) * power(2, ${ledgerNodes.level}) > ${size}`,
      ),
    )
    .limit(1);
  if (extra) {
    throw new Mismatch({
      kind: 'node_extra',
      message: `A subtree hash is stored for level ${extra.level} index ${extra.index}, past the end of the log`,
      level: extra.level,
      nodeIndex: extra.index,
    });
  }
  if (headsLeft > 0) {
    throw new Mismatch({
      kind: 'head_beyond_log',
      message: `${headsLeft} signed heads claim more leaves than the log's ${size}`,
      treeSize: size,
    });
  }
  const root = rootOfFrontier(frontier, EMPTY_ROOT);
  if (state && (state.rootHash !== root || state.frontier.join() !== frontier.join())) {
    throw new Mismatch({
      kind: 'state',
      message: `The recorded root ${state.rootHash} is not the root of the stored leaves, ${root}`,
      treeSize: size,
      expected: root,
      actual: state.rootHash,
    });
  }
}
