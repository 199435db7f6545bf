import { execFile } from 'node:child_process';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/client';
import { backupRuns, organizations, trainingEvents } from '../../db/schema';
import { createMember, createOrganization, signedIn } from '../../test/factories';
import { DRIVERS, startFreshServer, type TestClient } from '../../test/harness';
import { eventPayload } from '../../test/training-events';
import { backupIfDue } from './service';

const run = promisify(execFile);

/** `npm run restore -- <folder>` as the README gives it, into a new embedded data folder. */
async function restoreCommand(folder: string, dataDir: string) {
  try {
    const { stdout } = await run('npx', ['tsx', 'scripts/restore-backup.ts', folder], {
      env: {
        ...process.env,
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        LEDGER_KEYS_DIR: join(dataDir, 'ledger-keys'),
      },
      timeout: 120_000,
    });
    return { code: 0, out: stdout };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, out: `${e.stdout}${e.stderr}` };
  }
}

async function waitForRun(client: TestClient, id: string) {
  for (let i = 0; i < 200; i++) {
    const { runs } = (await client.get('/api/admin/backup')).body as {
      runs: { id: string; status: string }[];
    };
    const found = runs.find((r) => r.id === id);
    if (found && found.status !== 'running') return found;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('backup did not finish');
}

describe.each(DRIVERS)('Backup Settings (%s)', (driver) => {
  let fresh: Awaited<ReturnType<typeof startFreshServer>>;
  const dirs: string[] = [];
  beforeAll(async () => {
    fresh = await startFreshServer(driver, {}, { withJobs: true });
  });
  afterAll(async () => {
    await fresh.close();
    for (const dir of dirs) await rm(dir, { recursive: true, force: true });
  });

  it(
    'saves a schedule only for a folder it can write, backs up on demand, and the restore command brings it back',
    { timeout: 120_000 },
    async () => {
      const server = fresh.server;
      const { organization, email } = await createOrganization(server.db);
      const admin = await signedIn(server, email);
      const viewer = await signedIn(
        server,
        (await createMember(server.db, organization.id, 'viewer')).email,
      );
      await admin.post('/api/training-events', eventPayload({ studentName: 'Avery Quinn' }));
      const overview = (await admin.get('/api/admin/backup')).body;
      expect(overview.settings).toEqual({
        enabled: false,
        intervalHours: 24,
        retention: 7,
        folder: join(server.config.dataDir, 'backups'),
      });
      expect(overview.restoreCommand).toBe(
        'DATA_DIR=<an empty data folder> npm run restore -- <backup folder>',
      );
      expect((await viewer.get('/api/admin/backup')).status).toBe(403);
      expect((await viewer.post('/api/admin/backup/run')).status).toBe(403);

      const folder = await mkdtemp(join(tmpdir(), 'backups-'));
      dirs.push(folder);
      const aFile = join(folder, 'a-file');
      await writeFile(aFile, 'not a folder');
      const settings = {
        enabled: true,
        intervalHours: 12,
        retention: 2,
        folder: join(aFile, 'backups'),
      };
      const refused = await admin.request('PUT', '/api/admin/backup', { json: settings });
      expect(refused.status).toBe(422);
      expect(refused.body.issues).toEqual([
        {
          path: 'folder',
          message: `The folder ${join(aFile, 'backups')} cannot be written (ENOTDIR). Choose a folder this server can write to.`,
        },
      ]);
      const relative = await admin.request('PUT', '/api/admin/backup', {
        json: { ...settings, folder: 'backups' },
      });
      expect(relative.status).toBe(422);
      expect((await admin.get('/api/admin/backup')).body.settings.enabled).toBe(false);
      const saved = await admin.request('PUT', '/api/admin/backup', {
        json: { ...settings, folder },
      });
      expect(saved.body).toEqual({ ...settings, folder });
      const started = await admin.post('/api/admin/backup/run');
      expect(started.status).toBe(202);
      expect(started.body).toMatchObject({ status: 'running', trigger: 'manual', folder });
      const done = await waitForRun(admin, started.body.id);
      expect(done).toMatchObject({ status: 'completed', error: null });
      const [name] = (await readdir(folder)).filter((n) => n.startsWith('centerline-backup-'));
      expect(done).toMatchObject({ name });

      // The schedule: just backed up, so not due; due once the interval has passed.
      const schedule = {
        db: server.db,
        config: server.config,
        jobs: server.app.services.jobs,
        job: server.app.services.jobDefinitions.backup,
      };
      expect(await backupIfDue(schedule)).toBe(false);
      await server.db.update(backupRuns).set({ startedAt: new Date(Date.now() - 13 * 3_600_000) });
      expect(await backupIfDue(schedule)).toBe(true);
      expect(await backupIfDue(schedule)).toBe(false);

      // The documented command, into a new embedded data folder.
      const target = await mkdtemp(join(tmpdir(), 'restored-'));
      dirs.push(target);
      const restored = await restoreCommand(join(folder, name!), target);
      expect(restored.out).toMatch(/^Restored [\d,]+ rows of \d+ tables and 0 stored files from /);
      expect(restored.code).toBe(0);
      const again = await restoreCommand(join(folder, name!), target);
      expect(again.code).toBe(1);
      expect(again.out).toContain('Refused: The target database already holds organizations.');
      const handle = await openDatabase({ kind: 'pglite', dataDir: target });
      try {
        const [orgs] = await handle.db
          .select({ n: count() })
          .from(organizations)
          .where(eq(organizations.id, organization.id));
        expect(orgs!.n).toBe(1);
        const events = await handle.db
          .select()
          .from(trainingEvents)
          .where(eq(trainingEvents.organizationId, organization.id));
        expect(events.map((e) => e.studentName)).toEqual(['Avery Quinn']);
      } finally {
        await handle.close();
      }
      expect((await restoreCommand('/nonexistent/backup', target)).out).toContain(
        'is not a Centerline backup',
      );
    },
  );
});
