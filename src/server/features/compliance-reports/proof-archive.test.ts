import { execFile } from 'node:child_process';
import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyProofBundle } from '@shared/ledger/verify-bundle';
import { createMember, createOrganization, signedIn } from '../../test/factories';
import { download, unpackZip } from '../../test/files';
import { DRIVERS, startTestServer, type TestClient, type TestServer } from '../../test/harness';
import { eventPayload } from '../../test/training-events';

const run = promisify(execFile);
const QUERY = 'from=2026-10-01&to=2026-10-31';

/** The archive's own verifier, run as an inspector runs it: `node verify-archive.mjs`. */
async function verifyOffline(dir: string, ...args: string[]) {
  try {
    const { stdout } = await run(process.execPath, [join(dir, 'verify-archive.mjs'), ...args], {
      cwd: dir,
    });
    return { code: 0, stdout };
  } catch (error) {
    const e = error as { code: number; stdout: string };
    return { code: e.code, stdout: e.stdout };
  }
}

describe.each(DRIVERS)('scope proof archive (%s)', (driver) => {
  let server: TestServer;
  let admin: TestClient;
  let publicKeyHex: string;
  let organizationId: string;
  const dirs: string[] = [];

  async function unpack(bytes: Buffer) {
    const dir = await unpackZip(bytes, 'proof-archive-');
    dirs.push(dir);
    return dir;
  }

  beforeAll(async () => {
    server = await startTestServer(driver);
    const org = await createOrganization(server.db, { name: 'Archive Flight Academy' });
    admin = await signedIn(server, org.email);
    organizationId = org.organization.id;
    const ids: string[] = [];
    for (const [studentName, eventDate, course] of [
      ['Avery Quinn', '2026-10-05', 'CE-525 Initial'],
      ['Blake Stone', '2026-10-20', 'CE-525 Recurrent'],
      ['Casey Outside', '2026-11-02', 'CE-525 Initial'],
    ]) {
      const res = await admin.post(
        '/api/training-events',
        eventPayload({ studentName, eventDate, course }),
      );
      expect(res.status).toBe(201);
      ids.push(res.body.id);
    }
    // A record edited after it was submitted: its proof is of the latest version.
    const edited = await admin.patch(`/api/training-events/${ids[0]}`, {
      remarks: 'Corrected after review',
      expectedVersion: 1,
    });
    expect(edited.status).toBe(200);
    publicKeyHex = (await admin.get('/api/ledger/keys')).body.current.publicKeyHex;
  });
  afterAll(async () => {
    await server.app.close();
    for (const dir of dirs) await rm(dir, { recursive: true, force: true });
  });

  it('holds a proof for every record of the period, which its own verifier checks offline against the pinned key', async () => {
    const res = await download(server, admin, `/api/reports/proof-archive?${QUERY}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/zip');
    expect(res.headers.get('content-disposition')).toContain(
      'centerline-proofs-2026-10-01-2026-10-31.zip',
    );
    const dir = await unpack(res.bytes);
    const manifest = JSON.parse(await readFile(join(dir, 'manifest.json'), 'utf8'));
    expect(manifest.format).toBe('centerline-proof-archive/v1');
    expect(manifest.records).toHaveLength(2);
    expect(manifest.withoutProof).toEqual([]);
    expect(manifest.publicKey.publicKeyHex).toBe(publicKeyHex);

    const verified = await verifyOffline(dir, '--public-key', publicKeyHex);
    expect(verified.stdout).toContain('2 record proofs checked');
    expect(verified.stdout).toContain('VERIFIED: 2 records');
    expect(verified.code).toBe(0);

    // Without a pinned key the maths holds but proves nothing about the signer.
    expect((await verifyOffline(dir)).code).toBe(3);
    // Pinning another key refuses.
    expect((await verifyOffline(dir, '--public-key', 'ab'.repeat(32))).code).toBe(1);

    // Each proof is also a standard bundle the browser verifier accepts.
    const first = JSON.parse(await readFile(join(dir, manifest.records[0].file), 'utf8'));
    expect(first.record.studentName).toBe('Avery Quinn');
    expect(first.record.version).toBe(2);
    const result = await verifyProofBundle(first, { trustedPublicKeyHex: publicKeyHex });
    expect(result.failure).toBeNull();
    expect(result.ok).toBe(true);
  });

  it('fails, naming the record and the field, when a record in the archive is edited', async () => {
    const res = await download(server, admin, `/api/reports/proof-archive?${QUERY}`);
    const dir = await unpack(res.bytes);
    const manifest = JSON.parse(await readFile(join(dir, 'manifest.json'), 'utf8'));
    const path = join(dir, manifest.records[1].file);
    const bundle = JSON.parse(await readFile(path, 'utf8'));
    bundle.record.result = 'Satisfactory with distinction';
    await writeFile(path, JSON.stringify(bundle));
    const verified = await verifyOffline(dir, '--public-key', publicKeyHex);
    expect(verified.code).toBe(1);
    expect(verified.stdout).toContain('record field result is "Satisfactory with distinction"');
    expect(verified.stdout).toContain('NOT VERIFIED');
  });

  it('fails when an audit path is changed', async () => {
    const res = await download(server, admin, `/api/reports/proof-archive?${QUERY}`);
    const dir = await unpack(res.bytes);
    const manifest = JSON.parse(await readFile(join(dir, 'manifest.json'), 'utf8'));
    const path = join(dir, manifest.records[0].file);
    const bundle = JSON.parse(await readFile(path, 'utf8'));
    bundle.proof.auditPath[0] = '00'.repeat(32);
    await writeFile(path, JSON.stringify(bundle));
    const verified = await verifyOffline(dir, '--public-key', publicKeyHex);
    expect(verified.code).toBe(1);
    expect(verified.stdout).toContain('does not lead to the signed root');
  });

  it('narrows to a course, logs the export, and refuses a bad period or a Viewer', async () => {
    const res = await download(
      server,
      admin,
      `/api/reports/proof-archive?${QUERY}&scope=course&value=${encodeURIComponent('CE-525 Recurrent')}`,
    );
    expect(res.status).toBe(200);
    const dir = await unpack(res.bytes);
    const manifest = JSON.parse(await readFile(join(dir, 'manifest.json'), 'utf8'));
    expect(manifest.records).toHaveLength(1);
    expect(manifest.scope).toEqual({ kind: 'course', value: 'CE-525 Recurrent' });

    const trail = await admin.get('/api/audit-logs?limit=200');
    expect(trail.status).toBe(200);
    const exports = trail.body.filter(
      (e: { action: string }) => e.action === 'export_proof_archive',
    );
    expect(exports.length).toBeGreaterThanOrEqual(4);

    const reversed = await admin.get('/api/reports/proof-archive?from=2026-10-31&to=2026-10-01');
    expect(reversed.status).toBe(422);
    expect(reversed.body.message).toContain('The period ends before it starts');
    const unnamed = await admin.get(`/api/reports/proof-archive?${QUERY}&scope=trainee`);
    expect(unnamed.status).toBe(422);

    const viewer = await createMember(server.db, organizationId, 'viewer');
    const viewerClient = await signedIn(server, viewer.email);
    expect((await viewerClient.get(`/api/reports/proof-archive?${QUERY}`)).status).toBe(403);
  });
});
