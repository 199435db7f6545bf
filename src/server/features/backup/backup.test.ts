import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import type { Database } from '../../db/client';
import { createOrganization, PASSWORD, signedIn } from '../../test/factories';
import { pdfBytes } from '../../test/documents/fixtures';
import { file, upload } from '../../test/documents/http';
import { DRIVERS, startFreshServer, TestClient } from '../../test/harness';
import { eventPayload } from '../../test/training-events';
import { applicationTables, pruneBackups, writeBackup } from './backup';
import { restoreBackup } from './restore';

/** Every row of every table, as PostgreSQL writes it, in a stable order. */
async function everything(db: Database) {
  const out: Record<string, string[]> = {};
  for (const table of await applicationTables(db)) {
    const { rows } = (await db.execute(
      sql.raw(`select row_to_json(t)::text as r from "${table}" t order by 1`),
    )) as unknown as { rows: { r: string }[] };
    out[table] = rows.map((r) => r.r);
  }
  return out;
}

describe.each(DRIVERS)('backup and restore (%s)', (driver) => {
  const cleanup: (() => Promise<unknown>)[] = [];
  afterAll(async () => {
    for (const step of cleanup.reverse()) await step();
  });

  it('round-trips the data, the stored files and the ledger exactly, into an empty installation', async () => {
    const source = await startFreshServer(driver);
    cleanup.push(() => source.close());
    const { email } = await createOrganization(source.server.db);
    const admin = await signedIn(source.server, email);
    for (const name of ['Avery Quinn', 'Blake Stone', 'Casey Reyes']) {
      expect(
        (await admin.post('/api/training-events', eventPayload({ studentName: name }))).status,
      ).toBe(201);
    }
    const pdf = await pdfBytes(['Training record', 'Trainee: Avery Quinn']);
    expect(
      (await upload(source.server.baseUrl, admin.cookie, [file('record.pdf', pdf)])).status,
    ).toBe(201);
    expect((await admin.get('/api/ledger/verify')).body.ok).toBe(true);

    const folder = await mkdtemp(join(tmpdir(), 'backup-test-'));
    cleanup.push(() => rm(folder, { recursive: true, force: true }));
    const taken = await writeBackup(source.server.db, source.server.app.services.blobs, folder);
    expect(taken.files).toBe(1);
    expect(taken.rows).toBeGreaterThan(10);
    expect(await readdir(folder)).toEqual([taken.name]);
    const before = await everything(source.server.db);

    // An empty installation of the same version: migrated, seeded at start, no organization.
    const target = await startFreshServer(driver);
    cleanup.push(() => target.close());
    const restored = await restoreBackup(
      target.server.db,
      target.server.app.services.blobs,
      taken.path,
    );
    expect(restored).toMatchObject({ tables: taken.tables, rows: taken.rows, files: 1 });
    expect(await everything(target.server.db)).toEqual(before);
    expect(
      await target.server.app.services.blobs.has((await readdir(join(taken.path, 'blobs')))[0]!),
    ).toBe(true);

    // A server on the restored database: the same people sign in, the ledger verifies, files read.
    const app = await buildApp({
      db: target.server.db,
      config: target.server.config,
      logger: false,
      services: { blobs: target.server.app.services.blobs },
    });
    cleanup.push(() => app.close());
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address() as { port: number };
    const client = new TestClient(`http://127.0.0.1:${address.port}`);
    expect((await client.post('/api/auth/login', { email, password: PASSWORD })).status).toBe(200);
    const verify = (await client.get('/api/ledger/verify')).body;
    expect(verify.ok).toBe(true);
    const events = (await client.get('/api/training-events')).body as { studentName: string }[];
    expect(events.map((e) => e.studentName).sort()).toEqual([
      'Avery Quinn',
      'Blake Stone',
      'Casey Reyes',
    ]);
    const [document] = (await client.get('/api/documents')).body;
    const bytes = await fetch(
      `http://127.0.0.1:${address.port}/api/documents/${document.id}/file`,
      {
        headers: { cookie: client.cookie! },
      },
    );
    expect(Buffer.from(await bytes.arrayBuffer()).equals(pdf)).toBe(true);

    // Into a database that already holds an organization: refused, nothing changed.
    const afterUse = await everything(target.server.db);
    await expect(
      restoreBackup(target.server.db, target.server.app.services.blobs, taken.path),
    ).rejects.toThrow('The target database already holds organizations.');
    expect(await everything(target.server.db)).toEqual(afterUse);
  });

  it('refuses a damaged backup before writing anything, and keeps only the newest backups', async () => {
    const source = await startFreshServer(driver);
    cleanup.push(() => source.close());
    await createOrganization(source.server.db);
    const folder = await mkdtemp(join(tmpdir(), 'backup-test-'));
    cleanup.push(() => rm(folder, { recursive: true, force: true }));
    const blobs = source.server.app.services.blobs;
    const first = await writeBackup(
      source.server.db,
      blobs,
      folder,
      {},
      new Date('2026-11-01T00:00:00Z'),
    );
    const second = await writeBackup(
      source.server.db,
      blobs,
      folder,
      {},
      new Date('2026-11-02T00:00:00Z'),
    );
    const third = await writeBackup(
      source.server.db,
      blobs,
      folder,
      {},
      new Date('2026-11-03T00:00:00Z'),
    );
    await writeFile(join(folder, 'centerline-backup-20261104T000000Z.partial'), 'interrupted');
    expect((await pruneBackups(folder, 2)).sort()).toEqual(
      [first.name, 'centerline-backup-20261104T000000Z.partial'].sort(),
    );
    expect((await readdir(folder)).sort()).toEqual([second.name, third.name]);

    await writeFile(join(third.path, 'tables/users.jsonl.gz'), 'not what was written');
    const target = await startFreshServer(driver);
    cleanup.push(() => target.close());
    const empty = await everything(target.server.db);
    await expect(
      restoreBackup(target.server.db, target.server.app.services.blobs, third.path),
    ).rejects.toThrow(
      'The backup is damaged: tables/users.jsonl.gz does not match its recorded SHA-256. Nothing was restored.',
    );
    await expect(
      restoreBackup(target.server.db, target.server.app.services.blobs, folder),
    ).rejects.toThrow(/is not a Centerline backup/);
    expect(await everything(target.server.db)).toEqual(empty);
  }, 90_000); // two fresh databases, each migrated and seeded: slow on a loaded machine
});
