import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyProofBundle } from '@shared/ledger/verify-bundle';
import { auditLogs, ledgerHeads, ledgerLeaves, ledgerNodes, trainingEvents } from '../../db/schema';
import { createOrganization, signedIn } from '../../test/factories';
import { DRIVERS, startTestServer, type TestServer } from '../../test/harness';
import { createEvent } from '../../test/training-events';
import { leafHashOf } from './hashing';

const run = promisify(execFile);
const ROOT = new URL('../../../../', import.meta.url).pathname;

/** Runs the offline verifier as a user would; resolves with its exit code and output. */
async function verifyProofCli(bundle: unknown, args: string[] = []) {
  const file = join(mkdtempSync(join(tmpdir(), 'centerline-bundle-')), 'bundle.json');
  writeFileSync(file, JSON.stringify(bundle, null, 2));
  try {
    const { stdout } = await run(
      join(ROOT, 'node_modules/.bin/tsx'),
      ['scripts/verify-proof.ts', file, ...args],
      { cwd: ROOT },
    );
    return { code: 0, stdout };
  } catch (error) {
    const e = error as { code: number; stdout: string };
    return { code: e.code, stdout: e.stdout };
  }
}

describe.each(DRIVERS)('tampering is detected (%s)', (driver) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(driver);
  });
  afterAll(() => server.app.close());

  /** An organization with five events; the first one (leaf 2, after two audit leaves) is the target. */
  async function logWithEvents() {
    const org = await createOrganization(server.db);
    const client = await signedIn(server, org.email);
    const events = [];
    for (let i = 0; i < 5; i++) events.push(await createEvent(client));
    const target = events[0];
    expect(target.ledgerIndex).toBe(2);
    const clean = await client.get('/api/ledger/verify');
    expect(clean.body).toMatchObject({
      ok: true,
      firstMismatch: null,
      treeSize: 12,
      recordsChecked: 5 + 7,
    });
    const bundle = (await client.get(`/api/training-events/${target.id}/proof`)).body;
    expect((await verifyProofBundle(bundle)).ok).toBe(true);
    return { ...org, client, target, bundle };
  }
  const orgLeaf = (organizationId: string, index: number) =>
    and(eq(ledgerLeaves.organizationId, organizationId), eq(ledgerLeaves.leafIndex, index));

  it('verifies records whose text needs JSON escaping, and finds a change in one', async () => {
    const org = await createOrganization(server.db);
    const client = await signedIn(server, org.email);
    const tricky = await createEvent(client, {
      studentName: 'Zoë "Ace" O\'Brien \\ 😀 ‮',
      course: 'Line 1\nLine 2\ttabbed\u0001',
      remarks: '</script> & ü — \u007f end',
    });
    expect((await client.get('/api/ledger/verify')).body).toMatchObject({
      ok: true,
      firstMismatch: null,
    });
    await server.db
      .update(trainingEvents)
      .set({ remarks: '</script> & ü — \u007f End' })
      .where(eq(trainingEvents.id, tricky.id));
    expect((await client.get('/api/ledger/verify')).body.firstMismatch).toMatchObject({
      kind: 'record_mismatch',
      recordId: tricky.id,
      message: expect.stringContaining('remarks is "</script> & ü — \u007f End" in the database'),
    });
  });

  it('a changed byte in a leaf: verify names the leaf, the bundle fails on its hash', async () => {
    const { organization, client, target } = await logWithEvents();
    await server.db
      .update(ledgerLeaves)
      .set({ leaf: sql`replace(${ledgerLeaves.leaf}, '"completed"', '"failed"')` })
      .where(orgLeaf(organization.id, 2));
    const report = (await client.get('/api/ledger/verify')).body;
    expect(report.ok).toBe(false);
    expect(report.firstMismatch).toMatchObject({
      kind: 'leaf_hash',
      leafIndex: 2,
      recordId: target.id,
    });
    expect(report.firstMismatch.message).toMatch(
      /^Leaf 2: its bytes hash to [0-9a-f]{64}, the stored leaf hash is [0-9a-f]{64}$/,
    );
    expect(report.leavesChecked).toBe(2);

    const bundle = (await client.get(`/api/training-events/${target.id}/proof`)).body;
    const result = await verifyProofBundle(bundle);
    expect(result.ok).toBe(false);
    expect(result.failure).toMatchObject({ name: 'leaf_hash' });
    expect(result.checks.find((c) => c.name === 'record_matches_leaf')).toMatchObject({
      ok: false,
      message: 'record field status is "completed" but the ledger leaf says "failed"',
    });
  });

  it('a leaf rewritten with its stored hash: the subtree above it no longer recomputes', async () => {
    const { organization, client, target } = await logWithEvents();
    const [row] = await server.db.select().from(ledgerLeaves).where(orgLeaf(organization.id, 2));
    const forged = row!.leaf.replace('"completed"', '"failed"');
    await server.db
      .update(ledgerLeaves)
      .set({ leaf: forged, leafHash: leafHashOf(forged) })
      .where(orgLeaf(organization.id, 2));
    const report = (await client.get('/api/ledger/verify')).body;
    // Leaves 2 and 3 form node (1, 1), completed by leaf 3.
    expect(report.firstMismatch).toMatchObject({ kind: 'node_hash', level: 1, nodeIndex: 1 });
    const result = await verifyProofBundle(
      (await client.get(`/api/training-events/${target.id}/proof`)).body,
    );
    expect(result.failure?.name).toBe('record_matches_leaf');
    expect(result.checks.find((c) => c.name === 'inclusion')?.ok).toBe(false);
  });

  it('a changed training_events row: verify names the record and field, the bundle and the CLI fail', async () => {
    const { organization, client, target } = await logWithEvents();
    await server.db
      .update(trainingEvents)
      .set({ studentName: 'Someone Else' })
      .where(
        and(eq(trainingEvents.organizationId, organization.id), eq(trainingEvents.id, target.id)),
      );
    const report = (await client.get('/api/ledger/verify')).body;
    expect(report.firstMismatch).toMatchObject({
      kind: 'record_mismatch',
      recordId: target.id,
      leafIndex: 2,
    });
    expect(report.firstMismatch.message).toBe(
      `Training event ${target.id}: studentName is "Someone Else" in the database but "${target.studentName}" in leaf 2`,
    );
    const bundle = (await client.get(`/api/training-events/${target.id}/proof`)).body;
    const result = await verifyProofBundle(bundle);
    expect(result.failure).toEqual({
      name: 'record_matches_leaf',
      ok: false,
      message: `record field studentName is "Someone Else" but the ledger leaf says "${target.studentName}"`,
    });
    // Everything else about the leaf still holds: only the row was changed.
    expect(result.checks.filter((c) => !c.ok).map((c) => c.name)).toEqual(['record_matches_leaf']);

    const cli = await verifyProofCli(bundle);
    expect(cli.code).toBe(1);
    expect(cli.stdout).toContain(
      'NOT VERIFIED: record_matches_leaf: record field studentName is "Someone Else"',
    );
  });

  it('a changed stored node hash: verify names the node, the proof through it fails', async () => {
    const { organization, client, target } = await logWithEvents();
    await server.db
      .update(ledgerNodes)
      .set({ hash: '0'.repeat(64) })
      .where(
        and(
          eq(ledgerNodes.organizationId, organization.id),
          eq(ledgerNodes.level, 1),
          eq(ledgerNodes.nodeIndex, 0),
        ),
      );
    const report = (await client.get('/api/ledger/verify')).body;
    expect(report.firstMismatch).toMatchObject({
      kind: 'node_hash',
      level: 1,
      nodeIndex: 0,
      actual: '0'.repeat(64),
    });
    expect(report.firstMismatch.message).toMatch(
      /^Stored hash of subtree level 1 index 0 is 0{64}, the leaves give [0-9a-f]{64}$/,
    );
    // Node (1, 0) covers leaves 0-1: the sibling subtree on the target's audit path.
    const result = await verifyProofBundle(
      (await client.get(`/api/training-events/${target.id}/proof`)).body,
    );
    expect(result.failure?.name).toBe('inclusion');
    expect(result.failure?.message).toMatch(
      /^audit path from leaf 2 does not lead to the signed root/,
    );
  });

  it("a changed head signature: verify names the head, the bundle's signature check fails", async () => {
    const { organization, client, target } = await logWithEvents();
    const [head] = await server.db
      .select()
      .from(ledgerHeads)
      .where(eq(ledgerHeads.organizationId, organization.id))
      .orderBy(desc(ledgerHeads.treeSize))
      .limit(1);
    const flipped = (head!.signature[0] === 'a' ? 'b' : 'a') + head!.signature.slice(1);
    await server.db
      .update(ledgerHeads)
      .set({ signature: flipped })
      .where(eq(ledgerHeads.id, head!.id));
    const report = (await client.get('/api/ledger/verify')).body;
    expect(report.firstMismatch).toMatchObject({
      kind: 'head_signature',
      treeSize: head!.treeSize,
    });
    const bundle = (await client.get(`/api/training-events/${target.id}/proof`)).body;
    const result = await verifyProofBundle(bundle);
    expect(result.failure).toMatchObject({
      name: 'head_signature',
      message: 'the head signature does not verify with the public key',
    });
    const cli = await verifyProofCli(bundle);
    expect(cli.code).toBe(1);
    expect(cli.stdout).toContain('FAIL head_signature');
  });

  it("a leaf's columns changed to name another version: verify reports the envelope", async () => {
    const { organization, client, target } = await logWithEvents();
    await server.db.update(ledgerLeaves).set({ version: 7 }).where(orgLeaf(organization.id, 2));
    const report = (await client.get('/api/ledger/verify')).body;
    expect(report.firstMismatch).toMatchObject({
      kind: 'leaf_envelope',
      leafIndex: 2,
      recordId: target.id,
    });
    expect(report.firstMismatch.message).toBe(
      `Leaf 2 does not read as training_event ${target.id} version 7 of this organization in canonical form`,
    );
  });

  it('a row rolled back to an earlier version, consistent with its old leaf, is still caught', async () => {
    const { organization, client, target } = await logWithEvents();
    const edited = await client.patch(`/api/training-events/${target.id}`, {
      status: 'failed',
      result: 'Unsatisfactory',
    });
    expect(edited.body.version).toBe(2);
    await server.db
      .update(trainingEvents)
      .set({
        version: 1,
        status: target.status,
        result: target.result,
        ledgerIndex: target.ledgerIndex,
        blockchainHash: target.blockchainHash,
      })
      .where(
        and(eq(trainingEvents.organizationId, organization.id), eq(trainingEvents.id, target.id)),
      );
    const report = (await client.get('/api/ledger/verify')).body;
    expect(report.firstMismatch).toMatchObject({ kind: 'record_mismatch', recordId: target.id });
    expect(report.firstMismatch.message).toBe(
      `Training event ${target.id}: leaf ${edited.body.ledgerIndex} holds a later version than the row's version 1`,
    );
  });

  it('reports the earliest of several changes, in log order', async () => {
    const { organization, client } = await logWithEvents();
    await server.db
      .update(ledgerLeaves)
      .set({ leaf: sql`${ledgerLeaves.leaf} || ' '` })
      .where(orgLeaf(organization.id, 9));
    await server.db
      .update(ledgerNodes)
      .set({ hash: 'f'.repeat(64) })
      .where(
        and(
          eq(ledgerNodes.organizationId, organization.id),
          eq(ledgerNodes.level, 2),
          eq(ledgerNodes.nodeIndex, 1),
        ),
      );
    const report = (await client.get('/api/ledger/verify')).body;
    // Node (2, 1) closes at leaf 7, before leaf 9 is reached.
    expect(report.firstMismatch).toMatchObject({ kind: 'node_hash', level: 2, nodeIndex: 1 });
  });

  it('the CLI verifies an untouched bundle offline and refuses a forged one', async () => {
    const { bundle } = await logWithEvents();
    const pin = ['--public-key', bundle.publicKey.publicKeyHex];
    const ok = await verifyProofCli(bundle, pin);
    expect(ok.code).toBe(0);
    expect(ok.stdout).toContain(
      `VERIFIED: the record is in the log signed by the pinned key ${bundle.publicKey.fingerprint}, exactly as shown.`,
    );
    expect(ok.stdout.match(/^ok {2}/gm)).toHaveLength(9);

    // Without a pin the maths still holds, but the verdict says what that is worth.
    const unpinned = await verifyProofCli(bundle);
    expect(unpinned.code).toBe(3);
    expect(unpinned.stdout).toContain(
      `UNPINNED: the maths holds, but only for the key that came with the bundle (${bundle.publicKey.fingerprint}).`,
    );
    expect(unpinned.stdout).not.toMatch(/^VERIFIED/m);

    const forged = structuredClone(bundle);
    forged.leaf.canonical = forged.leaf.canonical.replace('"completed"', '"pending"');
    forged.record.status = 'pending';
    const bad = await verifyProofCli(forged, pin);
    expect(bad.code).toBe(1);
    expect(bad.stdout).toMatch(
      /NOT VERIFIED: leaf_hash: leaf bytes hash to [0-9a-f]{64}, the bundle states/,
    );
  });

  it('a missing leaf row: verify names the first absent index', async () => {
    const { organization, client } = await logWithEvents();
    await server.db.delete(ledgerLeaves).where(orgLeaf(organization.id, 5));
    const report = (await client.get('/api/ledger/verify')).body;
    expect(report.firstMismatch).toMatchObject({
      kind: 'leaf_missing',
      leafIndex: 5,
      message: 'Leaf 5 is missing',
    });
    expect(report.leavesChecked).toBe(5);
  });

  it('a deleted subtree hash: verify names the node missing', async () => {
    const { organization, client } = await logWithEvents();
    await server.db
      .delete(ledgerNodes)
      .where(
        and(
          eq(ledgerNodes.organizationId, organization.id),
          eq(ledgerNodes.level, 2),
          eq(ledgerNodes.nodeIndex, 1),
        ),
      );
    const report = (await client.get('/api/ledger/verify')).body;
    expect(report.firstMismatch).toMatchObject({
      kind: 'node_missing',
      level: 2,
      nodeIndex: 1,
      message: 'The hash of subtree level 2 index 1 is missing',
    });
  });

  it('values holding the read separators verify, and a change to them is still found', async () => {
    // U+001E joins values in the bulk read and U+001F stands for null there: a chunk holding
    // either is read again row by row, with the same verdict.
    const verify = async (client: Awaited<ReturnType<typeof signedIn>>) =>
      (await client.get('/api/ledger/verify')).body;
    const withEvent = async (overrides: Parameters<typeof createEvent>[1]) => {
      const org = await createOrganization(server.db);
      const client = await signedIn(server, org.email);
      const event = await createEvent(client, overrides);
      expect(await verify(client)).toMatchObject({ ok: true, firstMismatch: null });
      return { client, event };
    };
    const setRow = (id: string, values: Partial<typeof trainingEvents.$inferInsert>) =>
      server.db.update(trainingEvents).set(values).where(eq(trainingEvents.id, id));

    await withEvent({ remarks: 'split\u001ehere' });

    const marked = await withEvent({ course: '\u001f' });
    await setRow(marked.event.id, { course: null });
    expect((await verify(marked.client)).firstMismatch).toMatchObject({
      kind: 'record_mismatch',
      recordId: marked.event.id,
      message: `Training event ${marked.event.id}: course is null in the database but "\\u001f" in leaf ${marked.event.ledgerIndex}`,
    });

    // A backslash and "b" in the row is not the backspace its leaf holds, though the two read
    // alike once written into JSON without escaping.
    const escaped = await withEvent({ evaluator: 'a\u0008b' });
    await setRow(escaped.event.id, { evaluator: 'a\\b' });
    expect((await verify(escaped.client)).firstMismatch).toMatchObject({
      kind: 'record_mismatch',
      message: expect.stringContaining('evaluator is "a\\\\b" in the database but "a\\bb" in leaf'),
    });
  });

  it('a changed or deleted audit entry, and a deleted event row, are named', async () => {
    const { organization, client, target } = await logWithEvents();
    const [entry] = await server.db
      .select()
      .from(auditLogs)
      .where(eq(auditLogs.organizationId, organization.id))
      .orderBy(asc(auditLogs.createdAt))
      .limit(1);
    await server.db
      .update(auditLogs)
      .set({ action: 'something_else' })
      .where(eq(auditLogs.id, entry!.id));
    expect((await client.get('/api/ledger/verify')).body.firstMismatch).toMatchObject({
      kind: 'record_mismatch',
      recordId: entry!.id,
      leafIndex: 0,
      message: `Audit entry ${entry!.id} (leaf 0): action differs from the leaf`,
    });
    await server.db.delete(auditLogs).where(eq(auditLogs.id, entry!.id));
    expect((await client.get('/api/ledger/verify')).body.firstMismatch.message).toBe(
      `Audit entry ${entry!.id} (leaf 0): its row is gone`,
    );

    await server.db.delete(trainingEvents).where(eq(trainingEvents.id, target.id));
    expect((await client.get('/api/ledger/verify')).body.firstMismatch).toMatchObject({
      kind: 'record_mismatch',
      recordId: target.id,
      message: `Training event ${target.id} is in the ledger (leaf 2) but its row is gone`,
    });
  });
});
