import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { expect, test } from '@playwright/test';
import JSZip from 'jszip';
import { signIn } from './helpers';

const run = promisify(execFile);

test('an admin exports the organization from Settings, and the archive verifies its ledger offline', async ({
  page,
}) => {
  await signIn(page);
  await page.goto('/settings');
  const downloading = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Export Data (ZIP)' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^centerline-export-\d{8}T\d{4}Z\.zip$/);

  const zip = await JSZip.loadAsync(await readFile((await download.path())!));
  const dir = await mkdtemp(join(tmpdir(), 'e2e-export-'));
  for (const entry of Object.values(zip.files)) {
    if (entry.dir) continue;
    await mkdir(dirname(join(dir, entry.name)), { recursive: true });
    await writeFile(join(dir, entry.name), await entry.async('nodebuffer'));
  }
  const manifest = JSON.parse(await readFile(join(dir, 'manifest.json'), 'utf8'));
  expect(manifest.organization.name).toBe('Centerline E2E Training Center');
  expect(manifest.ledger.leaves).toBeGreaterThan(0);

  // The key as the organization publishes it, pinned by the reader.
  const keys = await (await page.request.get('/api/ledger/keys')).json();
  const { stdout } = await run(process.execPath, [
    join(dir, 'ledger/verify-ledger.mjs'),
    '--public-key',
    keys.current.publicKeyHex,
  ]);
  expect(stdout).toMatch(/^VERIFIED: \d+ leaves and \d+ heads, signed by the pinned key/m);
});
