import { spawn, type ChildProcess } from 'node:child_process';
import { appendFileSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type APIRequestContext } from '@playwright/test';

/*
 * The insider attack end to end: a server with two witnesses and an auditor's browser that kept
 * a checkpoint; the server is stopped, its history rewritten and re-signed with its own key, and
 * started again. The witnesses refuse to cosign, verify reports it, and the browser raises the
 * alarm. This spec runs its own server (not the suite's) so that it can stop and restart it.
 */

const ADMIN = { email: 'witness-admin@centerline.test', password: 'witness e2e passphrase' };
const TSX = 'node_modules/tsx/dist/cli.mjs';

interface Spawned {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

const spawned: Spawned[] = [];
const tempDirs: string[] = [];

function run(args: string[], env: NodeJS.ProcessEnv = {}): Spawned {
  const child = spawn(process.execPath, args, {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  const proc = { child, output: () => output, exited };
  spawned.push(proc);
  return proc;
}

async function waitForOutput(proc: Spawned, pattern: RegExp, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const match = pattern.exec(proc.output());
    if (match) return match;
    if (proc.child.exitCode !== null || Date.now() > deadline) {
      throw new Error(`no ${pattern} in the output:\n${proc.output()}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

async function stop(proc: Spawned) {
  if (proc.child.exitCode !== null || proc.child.signalCode !== null) return;
  proc.child.kill('SIGTERM');
  const timer = setTimeout(() => proc.child.kill('SIGKILL'), 10_000);
  await proc.exited;
  clearTimeout(timer);
}

async function startWitness(dataDir: string, name: string) {
  const proc = run([
    TSX,
    'scripts/witness.ts',
    '--data',
    dataDir,
    '--name',
    name,
    '--port',
    String(await freePort()),
  ]);
  const [, vkey] = (await waitForOutput(proc, /^vkey (\S+)$/m)) as unknown as [string, string];
  const [, url] = (await waitForOutput(proc, /^listening on (\S+)$/m)) as unknown as [
    string,
    string,
  ];
  return { proc, vkey, url, dataDir };
}

async function startServer(port: number, dataDir: string) {
  const proc = run(['--enable-source-maps', 'dist/server/main.js'], {
    PORT: String(port),
    DATA_DIR: dataDir,
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    ADMIN_ORGANIZATION: 'Witnessed Training Center',
    LEDGER_COSIGN_INTERVAL_MS: '1000',
    LOG_LEVEL: 'warn',
    LOGIN_RATE_LIMIT: '200',
  });
  const deadline = Date.now() + 60_000;
  for (;;) {
    try {
      if ((await fetch(`http://localhost:${port}/api/health`)).ok) return proc;
    } catch {
      // Not listening yet.
    }
    if (proc.child.exitCode !== null || Date.now() > deadline) {
      throw new Error(`the server did not start:\n${proc.output()}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
}

interface WitnessState {
  name: string;
  cosignedSize: number | null;
  alarm: string | null;
}

async function witnessList(request: APIRequestContext, base: string) {
  const res = await request.get(`${base}/api/ledger/witnesses`);
  expect(res.status()).toBe(200);
  return (await res.json()) as { witnesses: WitnessState[]; treeSize: number };
}

test.afterAll(async () => {
  await Promise.all(spawned.map(stop));
  for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true });
});

test('witnesses and an auditor’s browser expose a rewritten history', async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  const root = mkdtempSync(join(tmpdir(), 'centerline-witness-e2e-'));
  tempDirs.push(root);
  const dataDir = join(root, 'server');
  const port = await freePort();
  const base = `http://localhost:${port}`;

  const [w1, w2, firstServer] = await Promise.all([
    startWitness(join(root, 'w1'), 'witness.e2e.test/one'),
    startWitness(join(root, 'w2'), 'witness.e2e.test/two'),
    startServer(port, dataDir),
  ]);
  let server = firstServer;

  await page.goto(`${base}/api/login`);
  await page.getByLabel('E-mail').fill(ADMIN.email);
  await page.getByLabel('Password').fill(ADMIN.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).not.toHaveURL(/\/api\/login/);

  const keys = (await (await page.request.get(`${base}/api/ledger/keys`)).json()) as {
    current: { vkey: string };
  };
  for (const w of [w1, w2]) appendFileSync(join(w.dataDir, 'logs.txt'), `${keys.current.vkey}\n`);
  const user = (await (await page.request.get(`${base}/api/auth/user`)).json()) as {
    organizationId: string;
  };

  const createRecord = async (studentName: string) => {
    const res = await page.request.post(`${base}/api/training-events`, {
      headers: { Origin: base },
      data: {
        studentName,
        eventType: 'Proficiency check',
        eventDate: '2025-03-01',
        status: 'completed',
        instructor: 'Dana Fox',
      },
    });
    expect(res.status()).toBe(201);
    return ((await res.json()) as { id: string }).id;
  };
  const recordIds: string[] = [];
  for (const student of ['Avery Stone', 'Blake Moreno', 'Casey Lin']) {
    recordIds.push(await createRecord(student));
  }

  // Both witnesses added through the Admin Dashboard form.
  await page.goto(`${base}/admin-dashboard`);
  const witnesses = page.getByRole('region', { name: 'Witnesses' });
  await expect(witnesses.getByText('No witnesses yet')).toBeVisible();
  for (const w of [w1, w2]) {
    await witnesses.getByLabel('Witness URL').fill(w.url);
    await witnesses.getByLabel('Witness verifier key').fill(w.vkey);
    await witnesses.getByRole('button', { name: 'Add witness' }).click();
    await expect(witnesses.getByLabel('Witness URL')).toHaveValue('');
  }
  await expect(witnesses.getByTestId('witness-row')).toHaveCount(2);

  // A second add of the same witness is refused at the key field.
  await witnesses.getByLabel('Witness URL').fill(w1.url);
  await witnesses.getByLabel('Witness verifier key').fill(w1.vkey);
  await witnesses.getByRole('button', { name: 'Add witness' }).click();
  await expect(witnesses.getByText(/already configured/)).toBeVisible();

  await expect
    .poll(
      async () => {
        const list = await witnessList(page.request, base);
        return list.witnesses.every((w) => w.cosignedSize === list.treeSize && !w.alarm);
      },
      { timeout: 20_000 },
    )
    .toBe(true);
  await expect(witnesses.getByText('Up to date')).toHaveCount(2);

  // A fresh load: the browser checks and keeps the current checkpoint.
  await page.reload();
  const memory = page.getByTestId('checkpoint-memory');
  await expect(memory).toHaveText(
    /This browser has kept \d+ checkpoints? of this log, the latest of \d+ leaves seen on /,
  );
  await expect(page.getByRole('alert').filter({ hasText: 'Ledger history changed' })).toHaveCount(
    0,
  );
  await page.screenshot({ path: testInfo.outputPath('admin-before.png'), fullPage: true });

  // The insider: server stopped, history rewritten and re-signed with the organization's key.
  await stop(server);
  const rewrite = run(
    [TSX, 'e2e/support/rewrite-history.ts', dataDir, user.organizationId, recordIds[0]!],
    { LOG_LEVEL: 'warn' },
  );
  expect(await rewrite.exited, rewrite.output()).toBe(0);
  server = await startServer(port, dataDir);
  // Work goes on: the next head is what the witnesses are asked to cosign (one of the size they
  // already cosigned is not sent again).
  await createRecord('Drew Patel');

  const cosign = await page.request.post(`${base}/api/ledger/witnesses/cosign`, {
    headers: { Origin: base },
  });
  expect(cosign.status()).toBe(202);
  await expect
    .poll(
      async () =>
        (await witnessList(page.request, base)).witnesses.filter((w) => w.alarm !== null).length,
      { timeout: 20_000 },
    )
    .toBe(2);

  const verify = (await (await page.request.get(`${base}/api/ledger/verify`)).json()) as {
    ok: boolean;
    firstMismatch: { kind: string; message: string } | null;
  };
  expect(verify.ok).toBe(false);
  expect(['cosigned_checkpoint', 'witness_checkpoint', 'witness_refused']).toContain(
    verify.firstMismatch?.kind,
  );
  expect(verify.firstMismatch?.message).toMatch(/witness|cosign/i);

  // The auditor's browser, on its next load.
  await page.reload();
  const alarm = page.getByRole('alert').filter({ hasText: 'Ledger history changed' });
  await expect(alarm).toBeVisible();
  await expect(alarm).toContainText('The server’s log no longer contains that checkpoint');
  await expect(witnesses.getByText(/witnesses refused a checkpoint/)).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('admin-after.png'), fullPage: true });
});
