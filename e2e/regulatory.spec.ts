import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import {
  freePort,
  ProcessGroup,
  stop,
  TSX,
  waitForOutput,
  type Spawned,
} from './support/processes';

/*
 * The regulatory watch end to end: a local stand-in for the eCFR serves Part 142, the monitor
 * stores the baseline, a new amendment of 142.53 appears with its word diff and the checklist
 * items it touches, raises an alert that the sidebar counts, is acknowledged, and stays
 * acknowledged after the server restarts. This spec runs its own server so it can restart it.
 */

const ADMIN = { email: 'regulatory-admin@centerline.test', password: 'regulatory e2e passphrase' };

const group = new ProcessGroup();

/** The eCFR stand-in in its own process; `setMode` changes what it serves. */
async function startFixture() {
  const proc = group.run([TSX, 'e2e/support/ecfr-fixture-server.ts', 'baseline']);
  const [, url] = (await waitForOutput(proc, /^listening on (\S+)$/m)) as unknown as [
    string,
    string,
  ];
  const setMode = async (mode: string) => {
    proc.child.stdin!.write(`mode ${mode}\n`);
    await waitForOutput(proc, new RegExp(`^mode ${mode}$`, 'm'));
  };
  return { url, setMode };
}

function startServer(port: number, dataDir: string, ecfrUrl: string): Promise<Spawned> {
  return group.startServer(port, {
    DATA_DIR: dataDir,
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    ADMIN_ORGANIZATION: 'Regulatory Watch Training Center',
    ECFR_BASE_URL: ecfrUrl,
    // The fixture listens on 127.0.0.1, which the fetcher refuses otherwise.
    FETCH_ALLOW_PRIVATE: 'true',
  });
}

async function signIn(page: Page, base: string) {
  await page.goto(`${base}/api/login`);
  await page.getByLabel('E-mail').fill(ADMIN.email);
  await page.getByLabel('Password').fill(ADMIN.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).not.toHaveURL(/\/api\/login/);
}

/** Presses Refresh and waits for the fetch it starts to end. */
async function refresh(page: Page) {
  await page.getByRole('button', { name: 'Refresh', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Refreshing…' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Refresh', exact: true })).toBeEnabled({
    timeout: 60_000,
  });
  await expect(page.getByText(/^Last fetch .*stored/)).toBeVisible();
}

/** Serious and critical WCAG 2.1 A/AA findings on the page as it is now. */
async function axeFindings(page: Page) {
  const { violations } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

test.afterAll(async () => {
  await group.cleanup();
});

test('an amendment shows its diff and items, raises a counted alert, and stays acknowledged', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const root = group.tempDir('centerline-regulatory-e2e-');
  const fixture = await startFixture();
  const port = await freePort();
  const base = `http://localhost:${port}`;
  let server = await startServer(port, join(root, 'data'), fixture.url);
  await signIn(page, base);

  // Before any fetch nothing is called compliant.
  await page.goto(`${base}/regulatory-compliance`);
  const banner = page.getByRole('region', { name: 'Overall compliance status' });
  await expect(banner).toContainText('Compliance status unknown');
  await expect(banner).toContainText('The source has not been reached yet.');

  // The organization answered the items that cite 142.53.
  const checklist = (await (await page.request.get(`${base}/api/checklist`)).json()) as {
    items: { number: string; reference: string; revision: number }[];
  };
  for (const item of checklist.items.filter((i) => /142\.53/.test(i.reference))) {
    const res = await page.request.patch(`${base}/api/checklist/${item.number}`, {
      headers: { Origin: base },
      data: { revision: item.revision, status: 'compliant' },
    });
    expect(res.status()).toBe(200);
  }

  await refresh(page);
  await expect(banner).not.toContainText('unknown');

  // The eCFR publishes an amendment of 142.53.
  await fixture.setMode('amended');
  await refresh(page);
  await expect(banner).toContainText('pending review');
  const part142 = page.getByRole('region', { name: /14 CFR Part 142/ });
  await expect(part142.getByRole('link', { name: /§142\.53/ })).toBeVisible();

  await page.getByRole('tab', { name: 'Recent Changes' }).click();
  await page.getByRole('button', { name: /§142\.53/ }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: /142\.53\(a\)\(2\)/ })).toBeVisible();
  await expect(dialog.locator('ins').first()).toContainText('[inserted:');
  await expect(dialog.locator('ins', { hasText: 'FAA may credit' })).toBeVisible();
  const item = dialog.getByRole('link', { name: 'Checklist item 5-09' });
  await expect(item).toHaveAttribute('href', '/compliance-checklist?area=area5&item=5-09');
  // Let the dialog finish fading in, so colours are measured as they end up.
  await page.waitForTimeout(400);
  expect(await axeFindings(page)).toEqual([]);
  await page.keyboard.press('Escape');

  // The alert, counted by the sidebar badge.
  const alertsEntry = page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: /^Regulatory Alerts/ });
  await expect(alertsEntry).toHaveText('Regulatory Alerts1 unacknowledged');
  await alertsEntry.click();
  const alert = page.getByRole('article', { name: /142\.53 amended/ });
  await expect(alert).toBeVisible();
  await expect(alert.getByRole('link', { name: 'Checklist item 5-09' })).toBeVisible();
  expect(await axeFindings(page)).toEqual([]);
  await alert.getByRole('button', { name: /^View Details/ }).click();
  await expect(page.getByRole('dialog')).toContainText('A change to the regulation text');
  await page.waitForTimeout(400);
  expect(await axeFindings(page)).toEqual([]);
  await page.keyboard.press('Escape');
  await alert.getByRole('button', { name: /^Acknowledge/ }).click();
  await expect(alert).toContainText('Acknowledged by');
  await expect(alertsEntry).toHaveText('Regulatory Alerts');

  // After a restart the acknowledgement is still there.
  await stop(server);
  server = await startServer(port, join(root, 'data'), fixture.url);
  await signIn(page, base);
  await page.goto(`${base}/regulatory-alerts?tab=unacknowledged`);
  await expect(page.getByText('No alerts found')).toBeVisible();
  await expect(alertsEntry).toHaveText('Regulatory Alerts');
  await page.getByRole('button', { name: 'View History' }).click();
  const saved = page.getByRole('article', { name: /142\.53 amended/ });
  await expect(saved).toContainText('Acknowledged by');
  await stop(server);
});
