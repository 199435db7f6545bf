/**
 * Cosigning latency and throughput: `npm run bench:witness`.
 *
 * An organization on the embedded database sends its checkpoints to two local witness servers
 * (src/witness, each its own process state on disk, fsync before answering) after every batch of
 * appends, as the ledger timer and the cosign job do. Reports the time of one cosigning round
 * (both witnesses, a consistency proof each) by log size, and how many rounds per second one
 * organization completes back to back. Appends are timed with and without witnesses, to show they
 * never wait on them.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '../src/server/db/client';
import { ledgerWitnesses } from '../src/server/db/schema';
import { appendToLedger, inTransaction } from '../src/server/features/ledger/append';
import { publicKeyOf } from '../src/server/features/ledger/heads';
import { folderVault } from '../src/server/features/ledger/keys';
import { cosignCheckpoint } from '../src/server/features/ledger/witnesses';
import { createWitness } from '../src/witness/server';
import { benchOrganization } from './organization';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 200);
const BATCH = 10;

const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
const ms = (n: number) => n.toFixed(1);

async function main() {
  const dir = mkdtempSync(join(tmpdir(), 'centerline-bench-witness-'));
  const handle = await openDatabase({ kind: 'pglite', dataDir: join(dir, 'db') });
  await handle.migrate();
  const db = handle.db;
  const signing = { vault: folderVault(join(dir, 'keys')), originPrefix: 'bench.local/ledger' };
  const actor = await benchOrganization(db, {
    name: 'Witness Bench',
    email: 'witness-bench@bench.test',
    password: 'witness bench passphrase',
  });
  const key = await publicKeyOf(db, signing, actor.organizationId);
  const witnesses = ['one', 'two'].map((n) =>
    createWitness({
      dataDir: join(dir, `w-${n}`),
      name: `bench.local/witness-${n}`,
      logs: [key.vkey],
    }),
  );
  const urls = await Promise.all(witnesses.map((w) => w.listen(0)));

  let n = 0;
  const append = () =>
    inTransaction(db, (tx) =>
      appendToLedger(
        tx,
        actor.organizationId,
        Array.from({ length: BATCH }, () => ({
          type: 'audit_log' as const,
          recordId: crypto.randomUUID(),
          version: 1,
          data: { n: n++ },
          recordedAt: new Date(),
        })),
      ),
    );

  // Appends alone (no witness configured yet).
  let t = performance.now();
  for (let i = 0; i < ROUNDS; i++) await append();
  const appendAlone = (performance.now() - t) / ROUNDS;

  for (let i = 0; i < witnesses.length; i++) {
    await db.insert(ledgerWitnesses).values({
      organizationId: actor.organizationId,
      name: witnesses[i]!.name,
      url: urls[i]!,
      vkey: witnesses[i]!.vkey,
    });
  }
  const rounds: number[] = [];
  let appendWithWitnesses = 0;
  for (let i = 0; i < ROUNDS; i++) {
    t = performance.now();
    await append();
    appendWithWitnesses += performance.now() - t;
    t = performance.now();
    const report = await cosignCheckpoint(db, signing, actor.organizationId);
    rounds.push(performance.now() - t);
    if (report.cosigned !== 2) throw new Error(`round ${i}: ${JSON.stringify(report)}`);
  }
  appendWithWitnesses /= ROUNDS;
  const sorted = [...rounds].sort((a, b) => a - b);
  const total = rounds.reduce((a, b) => a + b, 0);
  console.log(
    `Cosigning with 2 local witnesses, ${ROUNDS} rounds of ${BATCH} appends each (log ${ROUNDS * BATCH}–${2 * ROUNDS * BATCH} leaves):`,
  );
  console.log(
    `  round (sign head + 2 add-checkpoint with consistency proof + keep cosignatures): p50 ${ms(quantile(sorted, 0.5))} ms, p95 ${ms(quantile(sorted, 0.95))} ms, max ${ms(sorted.at(-1)!)} ms`,
  );
  console.log(
    `  throughput: ${(ROUNDS / (total / 1000)).toFixed(1)} cosigned checkpoints per second, one organization back to back`,
  );
  console.log(
    `  append of ${BATCH} leaves: ${ms(appendAlone)} ms without witnesses, ${ms(appendWithWitnesses)} ms with (appends never wait on witnesses)`,
  );

  for (const w of witnesses) await w.close();
  await handle.close();
  rmSync(dir, { recursive: true, force: true });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
