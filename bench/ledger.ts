/**
 * `npm run bench:ledger`: the ledger's costs on this machine (figures go in docs/PERFORMANCE.md).
 *
 *   1. 100,000 training events through the import path (insertTrainingEvents: row + leaf +
 *      subtree hashes + state, one transaction per batch of 1,000, as a 1,000-row import commits);
 *   2. full verification of those 100,000 leaves (and records), phase by phase, beside the raw
 *      SHA-256 rate of the same hashing calls;
 *   3. the log grown to 1,000,000 leaves (bulk appends of 10,000), then inclusion proofs at that
 *      size (after a warm-up, PROOFS random leaves: median, p95, p99) and a consistency proof.
 *
 * The machine's load average is printed at the start and the end: on a shared machine compare
 * figures within one run (verification against the raw hashing rate), not across runs.
 *
 * Runs on an embedded PGlite in a temporary data folder (the default mode). With
 * BENCH_DATABASE_URL=postgres://… it runs on a throw-away database of that server instead.
 * BENCH_TOTAL_LEAVES overrides the 1,000,000 of step 3.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { verifyInclusion, verifyConsistency } from '../src/shared/ledger/merkle';
import { openDatabase, type DatabaseHandle } from '../src/server/db/client';
import { appendToLedger, type LedgerEntry } from '../src/server/features/ledger/append';
import { leafHashOf, nodeHashOf } from '../src/server/features/ledger/hashing';
import { currentHead } from '../src/server/features/ledger/heads';
import { folderVault } from '../src/server/features/ledger/keys';
import { getConsistencyProof, getInclusionProof } from '../src/server/features/ledger/service';
import { emptyPhases, verifyLedger } from '../src/server/features/ledger/verify';
import { insertTrainingEvents } from '../src/server/features/training-events/service';
import { benchOrganization } from './organization';

const EVENTS = 100_000;
// The bench's own key folder, removed with the process's temporary files.
const signing = {
  vault: folderVault(mkdtempSync(join(tmpdir(), 'centerline-bench-keys-'))),
  originPrefix: 'bench.centerline.local/ledger',
};
const IMPORT_BATCH = 1_000;
const FILL_BATCH = 10_000;
const TOTAL = Number(process.env.BENCH_TOTAL_LEAVES ?? 1_000_000);
const PROOFS = Number(process.env.BENCH_PROOFS ?? 2_000);
const WARM_UP = 200;

const fmt = (n: number, digits = 0) =>
  n.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
const secondsSince = (t: number) => (performance.now() - t) / 1000;
const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;

/**
 * The machine's SHA-256 rate through the same calls the verification makes (one-shot
 * crypto.hash via leafHashOf and nodeHashOf), on leaves of the given length and on interior
 * nodes; and the bulk rate of one large buffer.
 */
function rawSha256Rate(leafLength: number) {
  const leaves = Array.from({ length: 1_000 }, (_, i) => `{${i}`.padEnd(leafLength, 'x'));
  const hexes = Array.from({ length: 1_001 }, () => randomBytes(32).toString('hex'));
  const n = 300_000;
  let sink = 0;
  let t = performance.now();
  for (let i = 0; i < n; i++) sink += leafHashOf(leaves[i % 1_000]!).length;
  const leafRate = n / secondsSince(t);
  t = performance.now();
  for (let i = 0; i < n; i++) sink += nodeHashOf(hexes[i % 1_000]!, hexes[(i % 1_000) + 1]!).length;
  const nodeRate = n / secondsSince(t);
  const big = Buffer.alloc(64 * 1024 * 1024, 3);
  t = performance.now();
  createHash('sha256').update(big).digest();
  const mbPerSecond = 64 / secondsSince(t);
  return { leafRate, nodeRate, mbPerSecond, sink };
}

const load = () =>
  loadavg()
    .map((l) => l.toFixed(1))
    .join(' / ');

async function open(): Promise<{
  handle: DatabaseHandle;
  cleanup: () => Promise<void>;
  label: string;
}> {
  const url = process.env.BENCH_DATABASE_URL;
  if (url) {
    const name = `centerline_bench_${process.pid}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const target = new URL(url);
    target.pathname = `/${name}`;
    const handle = await openDatabase({ kind: 'postgres', url: target.toString() });
    return {
      handle,
      label: 'PostgreSQL',
      cleanup: async () => {
        await handle.close();
        const c = new pg.Client({ connectionString: url });
        await c.connect();
        await c.query(`drop database if exists ${name} with (force)`);
        await c.end();
      },
    };
  }
  const dir = mkdtempSync(join(tmpdir(), 'centerline-bench-ledger-'));
  const handle = await openDatabase({ kind: 'pglite', dataDir: dir });
  return {
    handle,
    label: 'PGlite (embedded, on disk)',
    cleanup: async () => {
      await handle.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

function eventInput(i: number) {
  return {
    studentName: `Trainee ${i.toString().padStart(6, '0')}`,
    licenseNumber: `CPL-${(4_400_000 + i).toString()}`,
    course: 'CE-525 Initial Type Rating',
    eventType: i % 3 === 0 ? 'Proficiency check' : 'Simulator session',
    eventDate: `2024-${String((i % 12) + 1).padStart(2, '0')}-${String((i % 28) + 1).padStart(2, '0')}`,
    status: 'completed' as const,
    result: 'Satisfactory',
    instructor: 'Morgan Lee',
    evaluator: 'Sam Ortiz',
    remarks: null,
    sourceDocumentId: null,
  };
}

async function main() {
  console.log(`Ledger benchmark on ${process.platform} ${process.arch}, Node ${process.version}`);
  console.log(`load average at start (1 / 5 / 15 min): ${load()}\n`);
  const { handle, cleanup, label } = await open();
  console.log(`database: ${label}\n`);
  try {
    await handle.migrate();
    const db = handle.db;
    const actor = await benchOrganization(db, {
      name: 'Bench Training Center',
      email: `bench-${randomUUID().slice(0, 8)}@example.test`,
      password: 'a long bench passphrase',
    });

    // 1. Appends through the import path.
    let t = performance.now();
    for (let done = 0; done < EVENTS; done += IMPORT_BATCH) {
      const inputs = Array.from({ length: IMPORT_BATCH }, (_, i) => eventInput(done + i));
      await db.transaction((tx) => insertTrainingEvents(tx, actor, inputs));
    }
    const appendSeconds = secondsSince(t);
    console.log(
      `append: ${fmt(EVENTS)} training events (row + leaf) in batches of ${fmt(IMPORT_BATCH)}: ${appendSeconds.toFixed(1)} s = ${fmt(EVENTS / appendSeconds)} leaves/s`,
    );
    // 2. Full verification: every leaf, subtree hash, head and record, recomputed.
    await currentHead(db, signing, actor.organizationId);
    // Three runs: the first as a user's first request meets it, then again (warm caches).
    const runs = [];
    for (let run = 0; run < 3; run++) {
      const phases = emptyPhases();
      t = performance.now();
      const report = await verifyLedger(db, actor.organizationId, phases);
      runs.push({ report, phases, seconds: secondsSince(t) });
      if (!report.ok)
        throw new Error(`verification failed: ${JSON.stringify(report.firstMismatch)}`);
    }
    const best = runs.reduce((a, b) => (b.seconds < a.seconds ? b : a));
    const { report, phases, seconds: verifySeconds } = best;
    const [sizes] = (
      (await db.execute(
        sql`select avg(octet_length(leaf))::float as leaf from ledger_leaves where organization_id = ${actor.organizationId}`,
      )) as unknown as { rows: { leaf: number }[] }
    ).rows;
    const leafLength = Math.round(sizes!.leaf);
    const sha = rawSha256Rate(leafLength);
    console.log(
      `raw SHA-256 (node:crypto, the verification's calls): ${fmt(sha.leafRate)} leaf hashes/s (${leafLength} B, the mean leaf here), ${fmt(sha.nodeRate)} node hashes/s (65 B), ${fmt(sha.mbPerSecond)} MB/s bulk`,
    );
    const hashFloor = report.leavesChecked / sha.leafRate + report.nodesChecked / sha.nodeRate;
    console.log(
      `verify: ${fmt(report.leavesChecked)} leaves, ${fmt(report.nodesChecked)} subtree hashes, ${fmt(report.headsChecked)} heads, ${fmt(report.recordsChecked)} records: ${verifySeconds.toFixed(2)} s` +
        ` (log ${((report.durationMs - report.recordsMs) / 1000).toFixed(2)} s + records ${(report.recordsMs / 1000).toFixed(2)} s);` +
        ` hashing alone at the raw rate: ${hashFloor.toFixed(2)} s = ${((hashFloor / verifySeconds) * 100).toFixed(0)}% of it`,
    );
    console.log(
      `verify runs: ${runs.map((r) => `${r.seconds.toFixed(2)} s`).join(', ')} (the fastest is shown above and below)`,
    );
    const ms = (v: number) => `${Math.round(v)} ms`;
    console.log(
      `verify phases: read leaves+subtree hashes ${ms(phases.readLog)}, leaf hashes ${ms(phases.leafHashes)}, envelopes ${ms(phases.envelopes)}, subtree hashes+heads ${ms(phases.tree)}, read records ${ms(phases.readRecords)}, records ${ms(phases.records)}, other ${ms(phases.other)}`,
    );

    // 3. Grow to TOTAL leaves, then prove.
    const t2 = performance.now();
    for (let i = 0; i < 500; i++) {
      await appendToLedger(db, actor.organizationId, [fillEntry(i), fillEntry(i)]);
    }
    const perRequest = secondsSince(t2);
    console.log(
      `append: 500 requests of 2 leaves (an event and its audit entry), one transaction each: ${fmt(1000 / perRequest)} leaves/s, ${((perRequest / 500) * 1000).toFixed(2)} ms a request`,
    );

    t = performance.now();
    let size = (await currentHead(db, signing, actor.organizationId)).treeSize;
    const grownFrom = size;
    while (size < TOTAL) {
      const n = Math.min(FILL_BATCH, TOTAL - size);
      await appendToLedger(
        db,
        actor.organizationId,
        Array.from({ length: n }, (_, i) => fillEntry(size + i)),
      );
      size += n;
    }
    const fillSeconds = secondsSince(t);
    console.log(
      `append: ${fmt(size - grownFrom)} more leaves in batches of ${fmt(FILL_BATCH)}: ${fillSeconds.toFixed(1)} s = ${fmt((size - grownFrom) / fillSeconds)} leaves/s`,
    );
    const head = await currentHead(db, signing, actor.organizationId);
    // Random leaves, looked up before timing; a warm-up first, then PROOFS timed proofs.
    const picks = Array.from({ length: WARM_UP + PROOFS }, () =>
      Math.floor(Math.random() * head.treeSize),
    );
    const byIndex = new Map(
      (
        (await db.execute(
          sql`select leaf_index::text as i, record_id::text as r from ledger_leaves
              where organization_id = ${actor.organizationId} and leaf_index = any(${sql.param(picks)}::bigint[])`,
        )) as unknown as { rows: { i: string; r: string }[] }
      ).rows.map((row) => [Number(row.i), row.r]),
    );
    const timings: number[] = [];
    const proofs = [];
    for (let k = 0; k < picks.length; k++) {
      const start = performance.now();
      const proof = await getInclusionProof(db, signing, actor, byIndex.get(picks[k]!)!);
      if (k >= WARM_UP) timings.push(performance.now() - start);
      if (k % 10 === 0) proofs.push(proof);
    }
    // Checked after timing, so the pure-JS verification's garbage does not land in the figures.
    for (const proof of proofs) {
      if (
        !verifyInclusion(
          proof.leafHash,
          proof.leafIndex,
          proof.treeSize,
          proof.auditPath,
          proof.head.rootHash,
        )
      ) {
        throw new Error(`inclusion proof for leaf ${proof.leafIndex} does not verify`);
      }
    }
    timings.sort((a, b) => a - b);
    console.log(
      `inclusion proof at ${fmt(head.treeSize)} leaves (leaf + head in one query, audit path in one query; ${fmt(PROOFS)} random leaves after ${WARM_UP} warm-up): median ${quantile(timings, 0.5).toFixed(2)} ms, p95 ${quantile(timings, 0.95).toFixed(2)} ms, p99 ${quantile(timings, 0.99).toFixed(2)} ms, max ${timings[timings.length - 1]!.toFixed(2)} ms`,
    );
    t = performance.now();
    const consistency = await getConsistencyProof(db, signing, actor, EVENTS, head.treeSize);
    const consistencyMs = performance.now() - t;
    if (
      !verifyConsistency(
        EVENTS,
        head.treeSize,
        consistency.fromRoot,
        consistency.toRoot,
        consistency.proof,
      )
    ) {
      throw new Error('consistency proof does not verify');
    }
    console.log(
      `consistency proof ${fmt(EVENTS)} → ${fmt(head.treeSize)}: ${consistencyMs.toFixed(2)} ms`,
    );
    console.log(`\nload average at the end (1 / 5 / 15 min): ${load()}`);
  } finally {
    await cleanup();
  }
}

function fillEntry(i: number): LedgerEntry {
  return {
    type: 'audit_log',
    recordId: randomUUID(),
    version: 1,
    data: {
      action: 'bench_append',
      actorId: null,
      details: { n: i, note: 'filler leaf of realistic size for the proof benchmark' },
    },
    recordedAt: new Date(),
  };
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
