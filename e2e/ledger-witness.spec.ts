import { appendFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { freePort, ProcessGroup, stop, TSX, waitForOutput } from './support/processes';

/*
 * The insider attack end to end: a server with two witnesses and an auditor's browser that kept
 * a checkpoint; the server is stopped, its history rewritten and re-signed with its own key, and
 * started again. The witnesses refuse to cosign, verify reports it, and the browser raises the
 * alarm. This spec runs its own server (not the suite's) so that it can stop and restart it.
 */

const ADMIN = { email: 'witness-admin@centerline.test', password: 'witness e2e passphrase' };
const group = new ProcessGroup();

async function startWitness(dataDir: string, name: string) {
  const proc = group.run([
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

function startServer(port: number, dataDir: string) {
  return group.startServer(port, {
    DATA_DIR: dataDir,
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    ADMIN_ORGANIZATION: 'Witnessed Training Center',
    LEDGER_COSIGN_INTERVAL_MS: '1000',
  });
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
  await group.cleanup();
});

test('witnesses and an auditor’s browser expose a rewritten history', async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  const root = group.tempDir('centerline-witness-e2e-');
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
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
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
  const rewrite = group.run(
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
