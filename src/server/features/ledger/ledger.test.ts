import { createPublicKey, verify } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { canonicalize } from '@shared/ledger/canonical-json';
import { hashLeaf, verifyConsistency, verifyInclusion } from '@shared/ledger/merkle';
import { treeHeadSigningInput, verifyProofBundle } from '@shared/ledger/verify-bundle';
import { openDatabase } from '../../db/client';
import { auditLogs, ledgerHeads, ledgerLeaves, ledgerStates, organizations } from '../../db/schema';
import { createMember, createOrganization, signedIn } from '../../test/factories';
import { DRIVERS, startTestServer, type TestServer } from '../../test/harness';
import { createEvent } from '../../test/training-events';
import { appendToLedger, type LedgerEntry } from './append';
import { signPendingHeads } from './heads';

const entry = (n: number): LedgerEntry => ({
  type: 'audit_log',
  recordId: crypto.randomUUID(),
  version: 1,
  data: { n },
  recordedAt: new Date(),
});

describe.each(DRIVERS)('ledger (%s)', (driver) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(driver);
  });
  afterAll(() => server.app.close());

  async function adminOf() {
    const org = await createOrganization(server.db);
    return { ...org, client: await signedIn(server, org.email) };
  }
  const leavesOf = (organizationId: string) =>
    server.db
      .select()
      .from(ledgerLeaves)
      .where(eq(ledgerLeaves.organizationId, organizationId))
      .orderBy(asc(ledgerLeaves.leafIndex));

  it('publishes the Ed25519 key and a signed head that covers every leaf', async () => {
    const { organization, client } = await adminOf();
    const key = await client.get('/api/ledger/public-key');
    expect(key.status).toBe(200);
    expect(key.body).toMatchObject({ organizationId: organization.id, algorithm: 'Ed25519' });
    expect(key.body.publicKeyHex).toMatch(/^[0-9a-f]{64}$/);
    expect(Buffer.from(key.body.publicKeyBase64, 'base64').toString('hex')).toBe(
      key.body.publicKeyHex,
    );
    const spki = createPublicKey(key.body.spkiPem).export({ format: 'der', type: 'spki' });
    expect(spki.subarray(-32).toString('hex')).toBe(key.body.publicKeyHex);

    const head = await client.get('/api/ledger/head');
    expect(head.status).toBe(200);
    // create_organization and sign_in are audit entries, and audit entries are leaves.
    const leaves = await leavesOf(organization.id);
    expect(leaves.map((l) => l.recordType)).toEqual(['audit_log', 'audit_log']);
    expect(head.body).toMatchObject({
      organizationId: organization.id,
      treeSize: 2,
      keyId: key.body.keyId,
    });
    const signed = verify(
      null,
      treeHeadSigningInput(head.body),
      createPublicKey(key.body.spkiPem),
      Buffer.from(head.body.signature, 'hex'),
    );
    expect(signed).toBe(true);
    // Asking again without appends returns the same head, not a new signature.
    expect((await client.get('/api/ledger/head')).body).toEqual(head.body);
  });

  it('gives 50 concurrent appends distinct, gap-free indices 0..49', async () => {
    const [org] = await server.db.insert(organizations).values({ name: 'Concurrent' }).returning();
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) => appendToLedger(server.db, org!.id, [entry(i)])),
    );
    const indices = results.map((r) => r[0]!.index).sort((a, b) => a - b);
    expect(indices).toEqual(Array.from({ length: 50 }, (_, i) => i));
    expect((await leavesOf(org!.id)).map((l) => l.leafIndex)).toEqual(indices);
  });

  it.runIf(driver === 'postgres')(
    'keeps indices gap-free across two connection pools, as two processes would',
    async () => {
      const [org] = await server.db
        .insert(organizations)
        .values({ name: 'Two processes' })
        .returning();
      const second = await openDatabase({
        kind: 'postgres',
        url: inject('postgresUrl'),
        maxConnections: 4,
      });
      try {
        await Promise.all(
          Array.from({ length: 40 }, (_, i) =>
            appendToLedger(i % 2 ? second.db : server.db, org!.id, [entry(i), entry(i)]),
          ),
        );
      } finally {
        await second.close();
      }
      expect((await leavesOf(org!.id)).map((l) => l.leafIndex)).toEqual(
        Array.from({ length: 80 }, (_, i) => i),
      );
    },
  );

  it('signs a head within the minute for every organization whose log grew', async () => {
    const { organization, client } = await adminOf();
    await createEvent(client);
    const latest = async () =>
      (
        await server.db
          .select()
          .from(ledgerHeads)
          .where(eq(ledgerHeads.organizationId, organization.id))
      ).reduce((max, h) => Math.max(max, h.treeSize), -1);
    const [state] = await server.db
      .select()
      .from(ledgerStates)
      .where(eq(ledgerStates.organizationId, organization.id));
    expect(await latest()).toBeLessThan(state!.treeSize);
    expect(
      await signPendingHeads(server.db, server.app.services.ledgerSigning),
    ).toBeGreaterThanOrEqual(1);
    expect(await latest()).toBe(state!.treeSize);
  });

  it('keeps indices gap-free under 50 parallel creates through the API, each event with its leaf', async () => {
    const { organization, client } = await adminOf();
    const created = await Promise.all(Array.from({ length: 50 }, () => createEvent(client)));
    const leaves = await leavesOf(organization.id);
    expect(leaves.map((l) => l.leafIndex)).toEqual(leaves.map((_, i) => i));
    // Two audit leaves before, then an event leaf and its audit leaf per create.
    expect(leaves).toHaveLength(2 + 100);
    const byIndex = new Map(leaves.map((l) => [l.leafIndex, l]));
    expect(new Set(created.map((e) => e.ledgerIndex)).size).toBe(50);
    for (const event of created) {
      const leaf = byIndex.get(event.ledgerIndex)!;
      expect(leaf).toMatchObject({ recordType: 'training_event', recordId: event.id, version: 1 });
      expect(event.blockchainHash).toBe(hashLeaf(new TextEncoder().encode(leaf.leaf)));
    }
    const verification = await client.get('/api/ledger/verify');
    expect(verification.body).toMatchObject({
      ok: true,
      treeSize: 102,
      leavesChecked: 102,
      firstMismatch: null,
    });
  });

  it('proves every record, events and audit entries, against the signed head', async () => {
    const { organization, client } = await adminOf();
    for (let i = 0; i < 6; i++) await createEvent(client);
    const head = (await client.get('/api/ledger/head')).body;
    const leaves = await leavesOf(organization.id);
    expect(head.treeSize).toBe(leaves.length);
    for (const leaf of leaves) {
      const res = await client.get(`/api/ledger/proof/inclusion/${leaf.recordId}`);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        leaf: leaf.leaf,
        leafIndex: leaf.leafIndex,
        recordType: leaf.recordType,
      });
      const leafHash = hashLeaf(new TextEncoder().encode(res.body.leaf));
      expect(leafHash).toBe(res.body.leafHash);
      expect(res.body.head).toEqual(head);
      expect(
        verifyInclusion(
          leafHash,
          res.body.leafIndex,
          res.body.treeSize,
          res.body.auditPath,
          head.rootHash,
        ),
      ).toBe(true);
      expect(JSON.parse(res.body.leaf)).toMatchObject({
        type: leaf.recordType,
        organizationId: organization.id,
        recordId: leaf.recordId,
        version: 1,
      });
      expect(canonicalize(JSON.parse(res.body.leaf))).toBe(res.body.leaf);
    }
    const events = (await client.get('/api/training-events')).body as { id: string }[];
    for (const event of events) {
      const bundle = await client.get(`/api/training-events/${event.id}/proof`);
      expect(bundle.status).toBe(200);
      expect(bundle.headers.get('content-disposition')).toBe(
        `attachment; filename="training-event-${event.id}-v1-proof.json"`,
      );
      const result = await verifyProofBundle(bundle.body);
      expect(result.failure).toBeNull();
      expect(result.ok).toBe(true);
    }
  });

  it('proves the log grew append-only between two heads', async () => {
    const { client } = await adminOf();
    await createEvent(client);
    const first = (await client.get('/api/ledger/head')).body;
    for (let i = 0; i < 5; i++) await createEvent(client);
    const second = (await client.get('/api/ledger/head')).body;
    expect(second.treeSize).toBe(first.treeSize + 10);

    const res = await client.get(
      `/api/ledger/proof/consistency?from=${first.treeSize}&to=${second.treeSize}`,
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      fromSize: first.treeSize,
      toSize: second.treeSize,
      fromRoot: first.rootHash,
      toRoot: second.rootHash,
      fromHead: first,
      toHead: second,
    });
    expect(
      verifyConsistency(
        first.treeSize,
        second.treeSize,
        first.rootHash,
        second.rootHash,
        res.body.proof,
      ),
    ).toBe(true);
    // Without `to`, the latest head; a forged old root does not pass.
    const latest = await client.get(`/api/ledger/proof/consistency?from=${first.treeSize}`);
    expect(latest.body.proof).toEqual(res.body.proof);
    const forged = second.rootHash.replace(/^./, (c: string) => (c === '0' ? '1' : '0'));
    expect(
      verifyConsistency(first.treeSize, second.treeSize, forged, second.rootHash, res.body.proof),
    ).toBe(false);

    for (const query of ['from=0', 'from=5&to=3', `from=1&to=${second.treeSize + 1}`, 'from=x']) {
      const bad = await client.get(`/api/ledger/proof/consistency?${query}`);
      expect(bad.status, query).toBe(422);
      expect(bad.body.code).toBe('validation_failed');
    }
  });

  it("answers 404 for another organization's record and keeps its proofs apart", async () => {
    const a = await adminOf();
    const b = await adminOf();
    const event = await createEvent(b.client);
    const [bAudit] = await server.db
      .select()
      .from(auditLogs)
      .where(eq(auditLogs.organizationId, b.organization.id));
    for (const path of [
      `/api/ledger/proof/inclusion/${event.id}`,
      `/api/ledger/proof/inclusion/${bAudit!.id}`,
      `/api/training-events/${event.id}/proof`,
      `/api/training-events/${event.id}`,
    ]) {
      const res = await a.client.get(path);
      expect(res.status, path).toBe(404);
      expect(res.body.code).toBe('not_found');
    }
    const aHead = (await a.client.get('/api/ledger/head')).body;
    const bHead = (await b.client.get('/api/ledger/head')).body;
    expect(aHead.organizationId).toBe(a.organization.id);
    expect(aHead.keyId).not.toBe(bHead.keyId);
  });

  it('lets a Viewer prove only the events assigned to them, and never download bundles', async () => {
    const { organization, client } = await adminOf();
    const viewer = await createMember(server.db, organization.id, 'viewer');
    const mine = await createEvent(client);
    const other = await createEvent(client);
    expect(
      (await client.post(`/api/training-events/${mine.id}/assignments`, { userId: viewer.user.id }))
        .status,
    ).toBe(201);
    const viewerClient = await signedIn(server, viewer.email);
    expect((await viewerClient.get(`/api/ledger/proof/inclusion/${mine.id}`)).status).toBe(200);
    expect((await viewerClient.get(`/api/ledger/proof/inclusion/${other.id}`)).status).toBe(404);
    const [audit] = await server.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.organizationId, organization.id), eq(auditLogs.action, 'sign_in')));
    expect((await viewerClient.get(`/api/ledger/proof/inclusion/${audit!.id}`)).status).toBe(404);
    expect((await viewerClient.get(`/api/training-events/${mine.id}/proof`)).status).toBe(403);
    expect((await viewerClient.get('/api/ledger/verify')).status).toBe(403);
    expect((await viewerClient.get('/api/ledger/head')).status).toBe(200);
  });
});
