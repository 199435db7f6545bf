import { createServer as createHttpServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { signIn } from './helpers';
import { freePort, ProcessGroup } from './support/processes';

/*
 * The Link Monitor end to end: the admin adds a link to a local page, checks it, the page
 * changes, a second check raises "Content changed" with its word diff, and Mark Resolved clears
 * it. The suite's server refuses loopback addresses (as production does), so this spec runs its
 * own server with FETCH_ALLOW_PRIVATE=true beside a local page server.
 */

const ADMIN = { email: 'links-admin@centerline.test', password: 'links e2e passphrase' };

const group = new ProcessGroup();
let pages: Server | null = null;
let baseURL = '';
let pageUrl = '';
let pageText = '';

test.beforeAll(async () => {
  pageText = 'Each instructor must complete recurrent training every 12 months in a simulator.';
  pages = createHttpServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(
      `<html><head><title>Instructor rules</title></head><body><h1>Instructor rules</h1><p>${pageText}</p></body></html>`,
    );
  });
  await new Promise<void>((resolve) => pages!.listen(0, '127.0.0.1', resolve));
  pageUrl = `http://127.0.0.1:${(pages.address() as AddressInfo).port}/instructors`;

  const port = await freePort();
  await group.startServer(port, {
    DATA_DIR: group.tempDir('centerline-links-e2e-'),
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    ADMIN_ORGANIZATION: 'Link Monitor Training Center',
    FETCH_ALLOW_PRIVATE: 'true',
  });
  baseURL = `http://localhost:${port}`;
});

test.afterAll(async () => {
  await group.cleanup();
  pages?.closeAllConnections();
  pages?.close();
});

test('a changed page raises a content alert with its diff, and Mark Resolved clears it', async ({
  page,
}) => {
  await page.goto(`${baseURL}/api/login`);
  await signIn(page, ADMIN.email, ADMIN.password);
  await page.goto(`${baseURL}/link-monitor`);
  await expect(
    page.getByRole('heading', { name: 'Regulatory Link Monitor', level: 1 }),
  ).toBeVisible();

  // The starter set names the official pages; this closed test network cannot reach them, so
  // they are deleted (through the screen for the first, the API for the rest).
  const table = page.getByRole('table');
  await expect(table.getByText('14 CFR Part 142 — Training Centers (eCFR)')).toBeVisible();
  await page
    .getByRole('button', { name: 'Delete 14 CFR Part 142 — Training Centers (eCFR)' })
    .click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(table.getByText('14 CFR Part 142 — Training Centers (eCFR)')).toHaveCount(0);
  const listed = await page.request.get(`${baseURL}/api/links`);
  for (const link of (await listed.json()).links as { id: string }[]) {
    expect((await page.request.delete(`${baseURL}/api/links/${link.id}`)).status()).toBe(204);
  }
  await page.reload();
  await expect(page.getByText('No links monitored')).toBeVisible();

  await page.getByRole('button', { name: 'Add Link' }).click();
  const form = page.getByRole('dialog');
  await form.getByLabel('Name').fill('Instructor rules');
  await form.getByLabel('URL').fill(pageUrl);
  await form.getByLabel('Expected keyword (optional)').fill('recurrent training');
  await form.getByRole('button', { name: 'Add link' }).click();
  await expect(form).toBeHidden();
  await expect(table.getByText('Instructor rules')).toBeVisible();
  await expect(table.getByText('Not checked yet')).toBeVisible();

  await page.getByRole('button', { name: 'Refresh Status' }).click();
  await expect(page.getByRole('status').getByText('Checked 1 link')).toBeVisible();
  await expect(table.getByText('Active', { exact: true })).toBeVisible();
  await expect(table.getByRole('cell', { name: '200' })).toBeVisible();
  await expect(
    page.getByText('No active alerts - all regulatory links are functioning properly'),
  ).toBeVisible();

  pageText = 'Each instructor must complete recurrent training every 24 months in a simulator.';
  await page.getByRole('button', { name: 'Refresh Status' }).click();
  const alerts = page.getByRole('list', { name: 'Active alerts' });
  await expect(alerts.getByRole('heading', { name: 'Content changed' })).toBeVisible();
  await expect(
    alerts.getByText('The text of Instructor rules changed since the last check'),
  ).toBeVisible();
  await expect(alerts.locator('del')).toHaveText('removed: 12');
  await expect(alerts.locator('ins')).toHaveText('added: 24');
  await expect(table.getByText('Changed', { exact: true })).toBeVisible();
  await expect(page.getByText('Issues').locator('..')).toContainText('1');

  await alerts.getByRole('button', { name: 'Mark Resolved' }).click();
  await expect(
    page.getByText('No active alerts - all regulatory links are functioning properly'),
  ).toBeVisible();
  const resolved = await page.request.get(`${baseURL}/api/links/alerts?status=resolved`);
  expect((await resolved.json()).alerts).toEqual([
    expect.objectContaining({
      alertType: 'content_changed',
      resolved: true,
      resolvedBy: ADMIN.email,
    }),
  ]);
});
