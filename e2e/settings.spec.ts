import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { E2E_ADMIN } from '../playwright.config';
import { signIn } from './helpers';

/** The toast list (Radix announces each toast a second time elsewhere; this is the visible one). */
const toasts = (page: Page) => page.getByRole('region', { name: /^Notifications/ });

async function openSettings(page: Page) {
  await signIn(page);
  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: /^Settings/ })
    .click();
  await expect(page).toHaveURL(/\/settings$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
}

async function saveName(page: Page, firstName: string, lastName: string) {
  await page.getByLabel('First name').fill(firstName);
  await page.getByLabel('Last name').fill(lastName);
  await page.getByRole('button', { name: 'Update Profile' }).click();
  await expect(toasts(page)).toContainText('Profile updated');
  await expect(page.getByRole('button', { name: 'Update Profile' })).toBeDisabled();
}

test('a new name is saved and shows in the sidebar after a reload', async ({ page }) => {
  await openSettings(page);
  const first = page.getByLabel('First name');
  const last = page.getByLabel('Last name');
  await expect(first).not.toHaveValue('');
  const original = { first: await first.inputValue(), last: await last.inputValue() };
  const suffix = Date.now().toString(36);
  const sidebar = page.getByRole('complementary', { name: 'Sidebar' });

  await saveName(page, 'Morgan', `Reyes ${suffix}`);
  await page.reload();
  await expect(sidebar.getByText(`Morgan Reyes ${suffix}`, { exact: true })).toBeVisible();
  await expect(first).toHaveValue('Morgan');
  await expect(last).toHaveValue(`Reyes ${suffix}`);

  // Put the shared admin back as it was.
  await saveName(page, original.first, original.last);
  await expect(
    sidebar.getByText(`${original.first} ${original.last}`, { exact: true }),
  ).toBeVisible();
});

test('auto-logout set to 60 minutes is still 60 after a reload', async ({ page }) => {
  await openSettings(page);
  const autoLogout = page.getByRole('combobox', { name: 'Auto-logout' });
  await expect(autoLogout).toHaveText('30 minutes');

  await autoLogout.click();
  await page.getByRole('option', { name: '60 minutes' }).click();
  await page.getByRole('button', { name: 'Save auto-logout' }).click();
  await expect(toasts(page)).toContainText('You are signed out after 60 minutes without activity.');
  await expect(page.getByRole('button', { name: 'Save auto-logout' })).toHaveCount(0);

  await page.reload();
  await expect(autoLogout).toHaveText('60 minutes');

  // Put the shared admin back to the default.
  await autoLogout.click();
  await page.getByRole('option', { name: '30 minutes' }).click();
  await page.getByRole('button', { name: 'Save auto-logout' }).click();
  await expect(page.getByRole('button', { name: 'Save auto-logout' })).toHaveCount(0);
  await expect(autoLogout).toHaveText('30 minutes');
});

test('a wrong current password is reported next to that field', async ({ page }) => {
  await openSettings(page);
  const current = page.getByLabel('Current password');
  await current.fill('this is not my password');
  await page.getByLabel('New password', { exact: true }).fill('a brand new passphrase');
  await page.getByLabel('Confirm new password').fill('a brand new passphrase');
  await page.getByRole('button', { name: 'Change Password' }).click();

  // FormField: label, input, then the error beneath it.
  const currentField = current.locator('..');
  await expect(currentField.getByRole('alert')).toHaveText('Your current password is not correct');
  await expect(current).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel('New password', { exact: true })).not.toHaveAttribute(
    'aria-invalid',
    'true',
  );
  await expect(toasts(page)).not.toContainText('Password changed');

  // The password did not change.
  const check = await page.request.post('/api/auth/login', {
    data: { email: E2E_ADMIN.email, password: 'a brand new passphrase' },
  });
  expect(check.status()).toBe(401);
});

test('Data Management downloads the audit trail as CSV', async ({ page }) => {
  await signIn(page);
  await page.goto('/settings');
  const exportLink = page.getByRole('link', { name: 'Export audit trail (CSV)' });
  const [download] = await Promise.all([page.waitForEvent('download'), exportLink.click()]);
  expect(download.suggestedFilename()).toMatch(/^centerline-audit-log-\d{4}-\d{2}-\d{2}\.csv$/);

  const csv = await readFile(await download.path(), 'utf8');
  const lines = csv.trimEnd().split('\r\n');
  expect(lines[0]).toBe('"timestamp","action","actor","details"');
  const signIns = lines.filter((line) => line.includes('"sign_in"'));
  expect(signIns.length).toBeGreaterThan(0);
  expect(signIns.some((line) => line.includes(`"${E2E_ADMIN.email}"`))).toBe(true);
});
