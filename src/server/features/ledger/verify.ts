import { createPublicKey, type KeyObject } from 'node:crypto';
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
import { Frontier, leafHashOf } from './hashing';
import { headSignatureValidWith, toSignedTreeHead } from './heads';
import { Mismatch } from './mismatch';
import { LEAF, logChunk, prepareVerification, recordChunk, type LogChunk } from './verify-reads';
import { RecordCheck } from './verify-records';

/** Leaves read, hashed and checked per round trip (about 13 MB of leaf text at 25,000). */
const CHUNK = 25_000;

/**
 * Where a full verification spends its time, in milliseconds. The reads are the time spent
 * waiting for the database; the next chunk is requested before the current one is checked, so
 * with a server database part of the reading overlaps the hashing.
 */
export interface VerifyPhases {
  /** Waiting for leaves and stored subtree hashes. */
  readLog: number;
  /** SHA-256 of every leaf's bytes, compared with its stored leaf hash. */
  leafHashes: number;
  /** Each leaf's envelope (type, organization, record, version) against its columns. */
  envelopes: number;
  /** Subtree hashes recomputed up the tree and compared with the stored ones; signed heads. */
  tree: number;
  /** Waiting for the record rows (training events, audit entries). */
  readRecords: number;
  /** Rows compared with their leaves, latest versions, orphans; reporting. */
  records: number;
  /** Head, key and state rows, storage bounds. */
  other: number;
  total: number;
}

export const emptyPhases = (): VerifyPhases => ({
  readLog: 0,
  leafHashes: 0,
  envelopes: 0,
  tree: 0,
  readRecords: 0,
  records: 0,
  other: 0,
  total: 0,
});

interface Counters {
  leaves: number;
  nodes: number;
  heads: number;
  records: number;
}

const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const ISO_TIME_LENGTH = 24;

/**
 * True when the leaf's own envelope names what its columns say (organization, type, record,
 * version), checked without parsing it: in canonical JSON the keys are sorted, so after `data`
 * the leaf ends with a tail whose shape is fixed,
 * `,"organizationId":"…","recordId":"…","recordedAt":"<ISO time>","type":"…","version":N}`.
 * A leaf that is not in that exact form fails too. (Comparing slices with === is several times
 * faster here than startsWith at an offset.)
 */
function envelopeMatches(
  leaf: string,
  recordType: string,
  recordId: string,
  version: string,
  organizationHead: string,
): boolean {
  if (!LEAF_TYPES.includes(recordType as LeafType)) return false;
  const tail = `","type":"${recordType}","version":${version}}`;
  const end = leaf.length - tail.length;
  const head = `${organizationHead}${recordId}","recordedAt":"`;
  const at = end - ISO_TIME_LENGTH - head.length;
  return (
    at >= 8 &&
    leaf.slice(0, 8) === '{"data":' &&
    leaf.slice(end) === tail &&
    leaf.slice(at, end - ISO_TIME_LENGTH) === head &&
    ISO_TIME.test(leaf.slice(end - ISO_TIME_LENGTH, end))
  );
}

/**
 * Recomputes the organization's whole log from the stored leaf bytes: every leaf hash, every
 * stored subtree hash, every signed head's root and signature, the state row, and every record
 * against the latest leaf of its own. Reports the first thing that does not recompute: problems
 * of the log itself in log order first (a leaf before the subtrees and heads it completes), then
 * records. Runs in one read-only REPEATABLE READ snapshot, so appends meanwhile are not seen.
 */
export async function verifyLedger(
  db: Database,
  organizationId: string,
  phases: VerifyPhases = emptyPhases(),
): Promise<LedgerVerification> {
  const started = performance.now();
  const counters: Counters = { leaves: 0, nodes: 0, heads: 0, records: 0 };
  const frontier = new Frontier();
  let treeSize = 0;
  let mismatch: LedgerMismatch | null = null;
  await db.transaction(
    async (tx) => {
      await prepareVerification(tx);
      try {
        treeSize = await walk(tx, organizationId, frontier, counters, phases);
      } catch (error) {
        if (!(error instanceof Mismatch)) throw error;
        mismatch = error.detail;
      }
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
  const rootHash = frontier.root(EMPTY_ROOT);
  phases.total = performance.now() - started;
  const tenths = (ms: number) => Math.round(ms * 10) / 10;
  return {
    ok: mismatch === null,
    treeSize,
    rootHash,
    leavesChecked: counters.leaves,
    nodesChecked: counters.nodes,
    headsChecked: counters.heads,
    recordsChecked: counters.records,
    durationMs: tenths(phases.total),
    recordsMs: tenths(phases.readRecords + phases.records),
    firstMismatch: mismatch,
  };
}

function publicKeyOf(pem: string | undefined): KeyObject | null {
  if (!pem) return null;
  try {
    return createPublicKey(pem);
  } catch {
    return null;
  }
}

/** Awaits `promise`, adding the time spent waiting to `phases[phase]`. */
async function waited<T>(
  promise: Promise<T>,
  phases: VerifyPhases,
  phase: 'readLog' | 'readRecords',
) {
  const t = performance.now();
  const value = await promise;
  phases[phase] += performance.now() - t;
  return value;
}

async function walk(
  tx: Transaction,
  organizationId: string,
  frontier: Frontier,
  counters: Counters,
  phases: VerifyPhases,
) {
  let t = performance.now();
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
  const publicKey = publicKeyOf(key?.spkiPem);
  phases.other += performance.now() - t;
  let nextHead = 0;

  const checkHeadsAt = (treeSize: number) => {
    while (nextHead < heads.length && heads[nextHead]!.treeSize === treeSize) {
      const head = toSignedTreeHead(heads[nextHead]!);
      const root = frontier.root(EMPTY_ROOT);
      if (head.rootHash !== root) {
        throw new Mismatch({
          kind: 'head_root',
          message: `The signed head of ${treeSize} leaves (${head.timestamp}) has root ${head.rootHash}, but the stored leaves give ${root}`,
          treeSize,
          expected: root,
          actual: head.rootHash,
        });
      }
      if (!key || !publicKey || key.id !== head.keyId || !headSignatureValidWith(publicKey, head)) {
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

  const records = new RecordCheck(tx, organizationId);
  // A chunk's reads, one query after the other (one connection never runs two at once).
  const request = (from: number) => {
    const to = Math.min(size, from + CHUNK);
    const log = logChunk(tx, organizationId, from, to);
    const rows = log.then(() => recordChunk(tx, organizationId, from, to));
    // Awaited below, or settled on the way out when a mismatch ends the walk first.
    rows.catch(() => undefined);
    return { from, to, log, rows };
  };

  checkHeadsAt(0);
  let chunk = size > 0 ? request(0) : null;
  let pending: ReturnType<typeof request> | null = null;
  try {
    while (chunk) {
      const log = await waited(chunk.log, phases, 'readLog');
      const { events, audits } = await waited(chunk.rows, phases, 'readRecords');
      // The next chunk is read while this one is checked (with a database server, in parallel).
      pending = chunk.to < size ? request(chunk.to) : null;
      checkLogChunk(chunk.from, chunk.to, log, organizationId, {
        frontier,
        counters,
        phases,
        checkHeadsAt,
      });
      t = performance.now();
      records.checkChunk(chunk.from, log.leaves, events, audits);
      phases.records += performance.now() - t;
      chunk = pending;
      pending = null;
    }
  } finally {
    // Let a read still in flight finish inside the transaction before it ends.
    if (pending) await pending.rows.catch(() => undefined);
  }

  t = performance.now();
  await checkStorageBounds(tx, organizationId, size, frontier, state, heads.length - nextHead);
  phases.other += performance.now() - t;
  t = performance.now();
  try {
    counters.records = await records.finish(size);
  } finally {
    phases.records += performance.now() - t;
  }
  return size;
}

interface WalkState {
  frontier: Frontier;
  counters: Counters;
  phases: VerifyPhases;
  checkHeadsAt: (treeSize: number) => void;
}

/**
 * Leaves [from, to): each present, hashing to its stored hash, in canonical envelope form; then
 * pushed onto the frontier, each completed subtree compared with its stored hash and each signed
 * head at that size checked. The three passes are separate (so their costs can be told apart),
 * and the earliest leaf at which any of them fails is the one reported, in the order the checks
 * of a single leaf come: presence, hash, envelope, then the subtrees and heads it completes.
 */
function checkLogChunk(
  from: number,
  to: number,
  { leaves, nodes, missing }: LogChunk,
  organizationId: string,
  { frontier, counters, phases, checkHeadsAt }: WalkState,
) {
  const n = to - from;
  const types = leaves.cols[LEAF.type]! as string[];
  const recordIds = leaves.cols[LEAF.recordId]! as string[];
  const versions = leaves.cols[LEAF.version]! as string[];
  const storedHashes = leaves.cols[LEAF.hash]! as string[];
  const texts = leaves.cols[LEAF.leaf]! as string[];
  let failAt = n;
  let failure: Mismatch | null = null;

  const present = missing === null ? n : missing - from;
  let t = performance.now();
  const hashes: string[] = new Array<string>(present);
  for (let i = 0; i < present; i++) {
    const recomputed = leafHashOf(texts[i]!);
    if (recomputed !== storedHashes[i]) {
      failAt = i;
      failure = new Mismatch({
        kind: 'leaf_hash',
        message: `Leaf ${from + i}: its bytes hash to ${recomputed}, the stored leaf hash is ${storedHashes[i]}`,
        leafIndex: from + i,
        recordId: recordIds[i]!,
        expected: recomputed,
        actual: storedHashes[i]!,
      });
      break;
    }
    hashes[i] = recomputed;
  }
  if (!failure && missing !== null) {
    failAt = present;
    failure = new Mismatch({
      kind: 'leaf_missing',
      message: `Leaf ${missing} is missing`,
      leafIndex: missing,
    });
  }
  phases.leafHashes += performance.now() - t;

  t = performance.now();
  const organizationHead = `,"organizationId":"${organizationId}","recordId":"`;
  for (let i = 0; i < failAt; i++) {
    const type = types[i]!;
    const recordId = recordIds[i]!;
    const version = versions[i]!;
    if (!envelopeMatches(texts[i]!, type, recordId, version, organizationHead)) {
      failAt = i;
      failure = new Mismatch({
        kind: 'leaf_envelope',
        message: LEAF_TYPES.includes(type as LeafType)
          ? `Leaf ${from + i} does not read as ${type} ${recordId} version ${version} of this organization in canonical form`
          : `Leaf ${from + i} has an unknown record type ${type}`,
        leafIndex: from + i,
        recordId,
      });
      break;
    }
  }
  phases.envelopes += performance.now() - t;

  t = performance.now();
  const { lowest, hashes: stored } = nodes;
  const closed = (level: number, nodeIndex: number, hash: string) => {
    const found = stored[level]?.[nodeIndex - lowest[level]!];
    if (found !== hash) {
      throw new Mismatch({
        kind: found === undefined ? 'node_missing' : 'node_hash',
        message:
          found === undefined
            ? `The hash of subtree level ${level} index ${nodeIndex} is missing`
            : `Stored hash of subtree level ${level} index ${nodeIndex} is ${found}, the leaves give ${hash}`,
        level,
        nodeIndex,
        expected: hash,
        actual: found ?? null,
      });
    }
    counters.nodes++;
  };
  try {
    for (let i = 0; i < failAt; i++) {
      frontier.push(hashes[i]!, closed);
      counters.leaves++;
      checkHeadsAt(from + i + 1);
    }
  } finally {
    phases.tree += performance.now() - t;
  }
  if (failure) throw failure;
}

async function checkStorageBounds(
  tx: Transaction,
  organizationId: string,
  size: number,
  frontier: Frontier,
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
  const root = frontier.root(EMPTY_ROOT);
  if (state && (state.rootHash !== root || state.frontier.join() !== frontier.stack.join())) {
    throw new Mismatch({
      kind: 'state',
      message: `The recorded root ${state.rootHash} is not the root of the stored leaves, ${root}`,
      treeSize: size,
      expected: root,
      actual: state.rootHash,
    });
  }
}
