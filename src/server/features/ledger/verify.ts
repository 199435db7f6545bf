import { createPublicKey, type KeyObject } from 'node:crypto';
import { and, asc, count, eq, gte, sql } from 'drizzle-orm';
import type { LedgerMismatch, LedgerVerification } from '@shared/api/ledger';
import { EMPTY_ROOT } from '@shared/ledger/merkle';
import type { Database, Transaction } from '../../db/client';
import { ledgerHeads, ledgerKeys, ledgerLeaves, ledgerNodes, ledgerStates } from '../../db/schema';
import { Frontier } from './hashing';
import { headSignatureValidWith, toSignedTreeHead } from './heads';
import { detail, Mismatch } from './mismatch';
import { askWitnesses, checkCosigned, cosignaturesOf, witnessAlarm } from './verify-witnesses';
import { checkLogChunk, emptyPhases, type Counters, type VerifyPhases } from './verify-log';
import { logChunk, prepareVerification, recordChunk } from './verify-reads';
import { RecordCheck } from './verify-records';

export { emptyPhases, type VerifyPhases } from './verify-log';

/** Leaves read, hashed and checked per round trip (about 13 MB of leaf text at 25,000). */
const CHUNK = 25_000;

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
  const counters: Counters = { leaves: 0, nodes: 0, heads: 0, records: 0, cosignatures: 0 };
  const frontier = new Frontier();
  let treeSize = 0;
  let mismatch = null as LedgerMismatch | null;
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
  // Outside the snapshot: the witnesses' own memory of the log, which no database write reaches.
  const witnesses = await askWitnesses(db, organizationId, treeSize, mismatch === null);
  if (mismatch === null) {
    const disagreeing = witnesses.find((w) => w.status === 'inconsistent');
    if (disagreeing) {
      mismatch = detail({
        kind: 'witness_checkpoint',
        message: disagreeing.message,
        treeSize: disagreeing.treeSize,
      });
    } else {
      mismatch = await witnessAlarm(db, organizationId);
    }
  }
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
    cosignaturesChecked: counters.cosignatures,
    witnesses,
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
  const keys = new Map(
    (await tx.select().from(ledgerKeys).where(eq(ledgerKeys.organizationId, organizationId))).map(
      (k) => [k.id, publicKeyOf(k.spkiPem)],
    ),
  );
  const cosigned = await cosignaturesOf(tx, organizationId);
  phases.other += performance.now() - t;
  let nextHead = 0;
  let nextCosigned = 0;

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
      const publicKey = keys.get(head.keyId);
      if (!publicKey) {
        throw new Mismatch({
          kind: 'head_key',
          message: `The head of ${treeSize} leaves (${head.timestamp}) names key ${head.keyId}, which is not one of the organization's keys`,
          treeSize,
        });
      }
      if (!headSignatureValidWith(publicKey, head)) {
        throw new Mismatch({
          kind: 'head_signature',
          message: `The signature of the head of ${treeSize} leaves (${head.timestamp}) does not verify with the organization's public key`,
          treeSize,
        });
      }
      counters.heads++;
      nextHead++;
    }
    while (nextCosigned < cosigned.length && cosigned[nextCosigned]!.treeSize === treeSize) {
      checkCosigned(cosigned[nextCosigned]!, frontier.root(EMPTY_ROOT));
      counters.cosignatures++;
      nextCosigned++;
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

  if (nextCosigned < cosigned.length) {
    const beyond = cosigned[nextCosigned]!;
    throw new Mismatch({
      kind: 'cosigned_checkpoint',
      message: `${beyond.witness} cosigned a checkpoint of ${beyond.treeSize} leaves on ${beyond.cosignedAt.toISOString()}, but the log now has ${size}: leaves were removed after the witness saw them`,
      treeSize: beyond.treeSize,
    });
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
