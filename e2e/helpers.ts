import { expect, type Page } from '@playwright/test';
import { E2E_ADMIN } from '../playwright.config';

export async function signIn(page: Page, email = E2E_ADMIN.email, password = E2E_ADMIN.password) {
  if (!/\/api\/login/.test(page.url())) await page.goto('/api/login');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).not.toHaveURL(/\/api\/login/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
}

/**
 * A calendar date as the screens write it in the default date format (MM/DD/YYYY):
 * 2026-03-04 reads "03/04/2026".
 */
export function readableDate(iso: string): string {
  const [y, m, d] = iso.slice(0, 10).split('-');
  return `${m}/${d}/${y}`;
}

/** Waits for the service worker, then reloads: the page is controlled from that load on. */
export async function untilControlled(page: Page) {
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await page.reload();
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null))
    .toBe(true);
}
