import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember, createOrganization, signedIn } from '../../test/factories';
import { pdfBytes } from '../../test/documents/fixtures';
import { file, upload } from '../../test/documents/http';
import { download, unpackZip } from '../../test/files';
import { DRIVERS, startTestServer, type TestServer } from '../../test/harness';
import { eventPayload } from '../../test/training-events';

const run = promisify(execFile);

/** Runs the archive's own verifier with Node, as a reader would: exit code and output. */
async function verifyOffline(dir: string, ...args: string[]) {
  try {
    const { stdout } = await run(process.execPath, [
      join(dir, 'ledger/verify-ledger.mjs'),
      ...args,
    ]);
    return { code: 0, stdout };
  } catch (error) {
    const e = error as { code: number; stdout: string };
    return { code: e.code, stdout: e.stdout };
  }
}

const unpack = (bytes: Buffer) => unpackZip(bytes, 'export-test-');

describe.each(DRIVERS)('organization data export (%s)', (driver) => {
  let server: TestServer;
  const dirs: string[] = [];
  beforeAll(async () => {
    server = await startTestServer(driver);
  });
  afterAll(async () => {
    await server.app.close();
    for (const dir of dirs) await rm(dir, { recursive: true, force: true });
  });

  it('gives an admin every table, the files and a ledger that a script in the archive verifies offline', async () => {
    const { organization, email } = await createOrganization(server.db);
    const admin = await signedIn(server, email);
    for (const name of ['Avery Quinn', 'Blake Stone']) {
      expect(
        (await admin.post('/api/training-events', eventPayload({ studentName: name }))).status,
      ).toBe(201);
    }
    const pdf = await pdfBytes(['Training record', 'Trainee: Avery Quinn']);
    const uploaded = await upload(server.baseUrl, admin.cookie, [file('record.pdf', pdf)]);
    expect(uploaded.status).toBe(201);
    const { publicKeyHex } = (await admin.get('/api/ledger/keys')).body.current;

    const res = await download(server, admin, '/api/admin/export');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/zip');
    expect(res.headers.get('content-disposition')).toMatch(
      /^attachment; filename="centerline-export-\d{8}T\d{4}Z\.zip"/,
    );
    const dir = await unpack(res.bytes);
    dirs.push(dir);

    const manifest = JSON.parse(await readFile(join(dir, 'manifest.json'), 'utf8'));
    expect(manifest.organization).toEqual({ id: organization.id, name: organization.name });
    expect(manifest.tables.find((t: { name: string }) => t.name === 'training_events').rows).toBe(
      2,
    );
    const events = JSON.parse(await readFile(join(dir, 'tables/training_events.json'), 'utf8'));
    expect(events.map((e: { studentName: string }) => e.studentName).sort()).toEqual([
      'Avery Quinn',
      'Blake Stone',
    ]);
    const csv = await readFile(join(dir, 'tables/training_events.csv'), 'utf8');
    expect(csv.split('\r\n')[0]).toMatch(/^id,organizationId,/);
    expect(csv).toContain('Blake Stone');
    const users = JSON.parse(await readFile(join(dir, 'tables/users.json'), 'utf8'));
    expect(users[0].email).toBe(email);
    expect(users[0]).not.toHaveProperty('passwordHash');
    expect(JSON.stringify(users)).not.toMatch(/scrypt/);
    expect(manifest.documentFiles).toBe(1);
    const [folder] = await readdir(join(dir, 'documents'));
    expect(folder).toBe(createHash('sha256').update(pdf).digest('hex'));
    expect((await readFile(join(dir, 'documents', folder!, 'record.pdf'))).equals(pdf)).toBe(true);

    const pinnedRun = await verifyOffline(dir, '--public-key', publicKeyHex);
    expect(pinnedRun.stdout).toContain('1 document files checked');
    expect(pinnedRun.code).toBe(0);
    expect(pinnedRun.stdout).toMatch(
      /VERIFIED: \d+ leaves and \d+ heads, signed by the pinned key/,
    );
    const unpinned = await verifyOffline(dir);
    expect(unpinned.code).toBe(3);
    expect(unpinned.stdout).toContain('UNPINNED');
    expect((await verifyOffline(dir, '--public-key', 'ab'.repeat(32))).code).toBe(1);

    // An edited record in the archive no longer matches the signed heads.
    const leavesPath = join(dir, 'ledger/leaves.jsonl');
    const original = await readFile(leavesPath, 'utf8');
    await writeFile(leavesPath, original.replace('Blake Stone', 'Blake Stones'));
    const tampered = await verifyOffline(dir, '--public-key', publicKeyHex);
    expect(tampered.code).toBe(1);
    expect(tampered.stdout).toMatch(/FAIL {2}leaf \d+ does not hash to its recorded hash/);
    // A stored file swapped for other bytes.
    // Leaf and its hash both rewritten: the recomputed root no longer matches the signed heads.
    const rehashed = original
      .trimEnd()
      .split('\n')
      .map((line) => {
        const leaf = JSON.parse(line);
        if (!leaf.leaf.includes('Blake Stone')) return line;
        leaf.leaf = leaf.leaf.replace('Blake Stone', 'Blake Stones');
        leaf.leafHash = createHash('sha256')
          .update(Buffer.from([0]))
          .update(leaf.leaf)
          .digest('hex');
        return JSON.stringify(leaf);
      })
      .join('\n');
    await writeFile(leavesPath, `${rehashed}\n`);
    const forged = await verifyOffline(dir, '--public-key', publicKeyHex);
    expect(forged.code).toBe(1);
    expect(forged.stdout).toMatch(/FAIL {2}head of size \d+: the leaves give another root/);
    expect(forged.stdout).not.toMatch(/does not hash to its recorded hash/);
    await writeFile(leavesPath, original);
    await writeFile(join(dir, 'documents', folder!, 'record.pdf'), 'not the stored file');
    const swapped = await verifyOffline(dir, '--public-key', publicKeyHex);
    expect(swapped.code).toBe(1);
    expect(swapped.stdout).toContain('does not hash to its name');
  });

  it('is for admins only, and holds nothing of another organization', async () => {
    const { organization, email } = await createOrganization(server.db);
    const other = await createOrganization(server.db);
    const otherAdmin = await signedIn(server, other.email);
    await otherAdmin.post('/api/training-events', eventPayload({ studentName: 'Someone Else' }));
    const viewer = await signedIn(
      server,
      (await createMember(server.db, organization.id, 'viewer')).email,
    );
    expect((await viewer.get('/api/admin/export')).status).toBe(403);
    const admin = await signedIn(server, email);
    const res = await download(server, admin, '/api/admin/export');
    const zip = await JSZip.loadAsync(res.bytes);
    for (const entry of Object.values(zip.files)) {
      if (entry.dir) continue;
      const text = await entry.async('string');
      expect(text).not.toContain(other.organization.id);
      expect(text).not.toContain('Someone Else');
    }
    const log = (await admin.get('/api/audit-logs?limit=5')).body;
    expect(JSON.stringify(log)).toContain('export_data');
  });
});
