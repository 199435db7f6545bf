import { generateKeyPairSync } from 'node:crypto';
import { chmodSync, mkdtempSync, readdirSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HeadHistory, LedgerKeyList, LedgerPublicKey } from '@shared/api/ledger';
import { ledgerCosignatures, ledgerHeads, ledgerKeys, ledgerWitnesses } from '../../db/schema';
import { createMember, createOrganization, signedIn } from '../../test/factories';
import { DRIVERS, startTestServer, type TestServer } from '../../test/harness';
import { createEvent } from '../../test/training-events';
import { moveKeysOutOfDatabase, signPendingHeads } from './heads';
import { folderVault } from './keys';

const SECRET = 'a test secret that is long enough to seal keys';

describe.each(DRIVERS)('ledger signing keys stay out of the database (%s)', (driver) => {
  let folder: TestServer;
  let sealed: TestServer;
  let keysDir: string;
  beforeAll(async () => {
    keysDir = mkdtempSync(join(tmpdir(), 'centerline-keys-'));
    folder = await startTestServer(driver, { LEDGER_KEYS_DIR: join(keysDir, 'keys') });
    sealed = await startTestServer(driver, { LEDGER_KEY_SECRET: SECRET });
  });
  afterAll(async () => {
    await folder.app.close();
    await sealed.app.close();
  });

  async function organizationOn(server: TestServer) {
    const org = await createOrganization(server.db);
    const client = await signedIn(server, org.email);
    await createEvent(client);
    expect((await client.get('/api/ledger/head')).status).toBe(200);
    const [row] = await server.db
      .select()
      .from(ledgerKeys)
      .where(eq(ledgerKeys.organizationId, org.organization.id));
    return { ...org, client, row: row! };
  }

  it('keeps the private key in an owner-only file; the database holds only the public key', async () => {
    const { row, client } = await organizationOn(folder);
    expect(row.privateKeyPem).toBeNull();
    expect(row.sealedPrivateKey).toBeNull();
    const dir = join(keysDir, 'keys');
    expect(readdirSync(dir)).toContain(`${row.id}.pem`);
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    expect(statSync(join(dir, `${row.id}.pem`)).mode & 0o777).toBe(0o600);

    // A key file others can read is not used until it is owner-only again.
    const file = join(dir, `${row.id}.pem`);
    chmodSync(file, 0o644);
    await expect(folderVault(dir).open(row)).rejects.toThrow(
      /can be read by other users.*chmod 600/,
    );
    chmodSync(file, 0o600);
    await expect(folderVault(dir).open(row)).resolves.toBeDefined();
    const key = (await client.get<LedgerKeyList>('/api/ledger/keys')).body;
    expect(key.vault).toBe('folder');
    expect(key.current.fingerprint).toMatch(/^SHA256:([0-9a-f]{4}:){15}[0-9a-f]{4}$/);
  });

  it('with LEDGER_KEY_SECRET: the key is sealed beside the public key and opens only with the secret', async () => {
    const { row, client, email } = await organizationOn(sealed);
    expect(row.privateKeyPem).toBeNull();
    expect(row.sealedPrivateKey).toMatch(/^aes256gcm\.v1\./);
    expect((await client.get<LedgerKeyList>('/api/ledger/keys')).body.vault).toBe('sealed');

    // Another server with another secret cannot sign for this organization.
    const wrong = await startTestServer(driver, {
      LEDGER_KEY_SECRET: `${SECRET} but not the same`,
    });
    try {
      const other = await signedIn(wrong, email);
      await createEvent(other);
      const head = await other.get('/api/ledger/head');
      expect(head.status).toBe(503);
      expect(head.body).toMatchObject({
        code: 'signing_key_unavailable',
        message: expect.stringContaining('does not open with this LEDGER_KEY_SECRET'),
      });
      // The minute timer skips this organization, names it, and goes on with the others.
      const skipped: string[] = [];
      await signPendingHeads(wrong.db, wrong.app.services.ledgerSigning, (_error, id) =>
        skipped.push(id),
      );
      expect(skipped).toContain(row.organizationId);
    } finally {
      await wrong.app.close();
    }
  });

  it('moves a private key stored in the database by an earlier version into the vault', async () => {
    const org = await createOrganization(folder.db);
    const { publicKey, privateKey } = generateKeyPairSync('ed25519');
    const [row] = await folder.db
      .insert(ledgerKeys)
      .values({
        organizationId: org.organization.id,
        origin: `centerline.local/ledger/${org.organization.id}`,
        publicKeyHex: Buffer.from(publicKey.export({ format: 'jwk' }).x!, 'base64url').toString(
          'hex',
        ),
        spkiPem: publicKey.export({ format: 'pem', type: 'spki' }).toString(),
        privateKeyPem: privateKey.export({ format: 'pem', type: 'pkcs8' }).toString(),
      })
      .returning();
    expect(
      await moveKeysOutOfDatabase(folder.db, folder.app.services.ledgerSigning),
    ).toBeGreaterThanOrEqual(1);
    const [moved] = await folder.db.select().from(ledgerKeys).where(eq(ledgerKeys.id, row!.id));
    expect(moved!.privateKeyPem).toBeNull();
    expect(readdirSync(join(keysDir, 'keys'))).toContain(`${row!.id}.pem`);
    const client = await signedIn(folder, org.email);
    await createEvent(client);
    expect((await client.get('/api/ledger/head')).body.keyId).toBe(row!.id);
  });

  it('rotation: new heads use the new key, old heads still verify, both keys are listed', async () => {
    const { client } = await organizationOn(folder);
    const before = (await client.get<LedgerKeyList>('/api/ledger/keys')).body.current;
    const rotated = await client.post<LedgerPublicKey>('/api/ledger/keys/rotate');
    expect(rotated.status).toBe(200);
    expect(rotated.body.fingerprint).not.toBe(before.fingerprint);
    expect(rotated.body.origin).toBe(before.origin);
    await createEvent(client);
    expect((await client.get('/api/ledger/head')).body.keyId).toBe(rotated.body.keyId);
    const list = (await client.get<LedgerKeyList>('/api/ledger/keys')).body;
    expect(list.keys.map((k) => [k.keyId, k.retiredAt === null])).toEqual([
      [before.keyId, false],
      [rotated.body.keyId, true],
    ]);
    expect((await client.get('/api/ledger/verify')).body).toMatchObject({
      ok: true,
      firstMismatch: null,
    });
  });

  it('head history: newest first, each head checked with the key that signed it, retired or not', async () => {
    const { client, organization } = await organizationOn(folder);
    const first = (await client.get<LedgerKeyList>('/api/ledger/keys')).body.current;
    const rotated = (await client.post<LedgerPublicKey>('/api/ledger/keys/rotate')).body;
    await createEvent(client);
    // Another organization's log cosigned at the same size counts for that log only.
    const other = await createOrganization(folder.db);
    const [witness] = await folder.db
      .insert(ledgerWitnesses)
      .values({
        organizationId: other.organization.id,
        name: 'witness.example.test',
        url: 'https://witness.example.test',
        vkey: 'witness.example.test+00000000+AAAA',
      })
      .returning();
    const heads = await folder.db
      .select({ treeSize: ledgerHeads.treeSize })
      .from(ledgerHeads)
      .where(eq(ledgerHeads.organizationId, organization.id));
    for (const { treeSize } of heads) {
      await folder.db.insert(ledgerCosignatures).values({
        organizationId: other.organization.id,
        witnessId: witness!.id,
        treeSize,
        rootHash: '00'.repeat(32),
        checkpoint: 'elsewhere',
        signatureLine: '— elsewhere',
        cosignedAt: new Date(),
      });
    }
    // Any member reads the history: an auditor here.
    const { email } = await createMember(folder.db, organization.id, 'auditor');
    const auditor = await signedIn(folder, email);
    const history = (await auditor.get<HeadHistory>('/api/ledger/heads')).body;
    expect(history.total).toBe(history.heads.length);
    expect(history.heads.length).toBeGreaterThanOrEqual(2);
    const sizes = history.heads.map((h) => h.treeSize);
    expect(sizes).toEqual([...sizes].sort((a, b) => b - a));
    const [newest] = history.heads;
    const oldest = history.heads.at(-1)!;
    expect(newest).toMatchObject({
      keyId: rotated.keyId,
      fingerprint: rotated.fingerprint,
      keyRetired: false,
      signatureValid: true,
      cosignatures: 0,
    });
    expect(oldest).toMatchObject({
      keyId: first.keyId,
      fingerprint: first.fingerprint,
      keyRetired: true,
      signatureValid: true,
    });

    // A page of one before the newest size; a head whose signature was altered says so.
    const page = await auditor.get<HeadHistory>(
      `/api/ledger/heads?limit=1&beforeSize=${newest!.treeSize}`,
    );
    expect(page.body.heads.map((h) => h.treeSize)).toEqual([sizes[1]]);
    await folder.db
      .update(ledgerHeads)
      .set({ signature: 'ab'.repeat(64) })
      .where(eq(ledgerHeads.signature, oldest.signature));
    const tampered = (await auditor.get<HeadHistory>('/api/ledger/heads')).body.heads.at(-1)!;
    expect(tampered).toMatchObject({ treeSize: oldest.treeSize, signatureValid: false });
    expect((await auditor.get('/api/ledger/heads?limit=0')).status).toBe(422);
  });
});
