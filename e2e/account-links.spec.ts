import { expect, test } from '@playwright/test';
import { E2E_ADMIN } from '../playwright.config';
import { signIn } from './helpers';

// The suite's server sends no e-mail (no SMTP_URL): the screens say so instead of pretending.

test('a forgotten password: the sign-in page leads to the request, which says no mail can be sent', async ({
  page,
}) => {
  await page.goto('/api/login');
  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  await expect(page).toHaveURL(/\/reset-password$/);
  await expect(page.getByText('Forgot your password?', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Send link' }).click();
  await expect(page.getByText('Enter a valid e-mail address')).toBeVisible();
  await page.getByLabel('E-mail').fill(E2E_ADMIN.email);
  await page.getByRole('button', { name: 'Send link' }).click();
  await expect(page.getByRole('status')).toHaveText(
    'This server does not send e-mail, so no link can reach you. Ask an administrator of your organization to help you back in.',
  );
});

test('a reset link that is not valid is refused with the reason', async ({ page }) => {
  await page.goto('/reset-password?token=not-a-link-anyone-was-sent');
  await page.getByLabel('New password').fill('a long enough new passphrase');
  await page.getByLabel('Confirm password').fill('a long enough new passphrase');
  await page.getByRole('button', { name: 'Save new password' }).click();
  await expect(page.getByText(/This link is not valid any more/)).toBeVisible();
});

test('an e-mail change asks for the password and says when the server cannot confirm the address', async ({
  page,
}) => {
  await signIn(page);
  await page.goto('/settings');
  await page.getByRole('button', { name: 'Change e-mail' }).click();
  const dialog = page.getByRole('dialog', { name: 'Change your e-mail address' });
  await dialog.getByLabel('New e-mail').fill(`moved-${Date.now()}@centerline.test`);
  await dialog.getByLabel('Your password').fill(E2E_ADMIN.password);
  await dialog.getByRole('button', { name: 'Send confirmation' }).click();
  await expect(
    dialog.getByText(/This server does not send e-mail \(SMTP_URL is not set\)/),
  ).toBeVisible();
  // Nothing changed: the profile still shows the account's address.
  await page.keyboard.press('Escape');
  await expect(page.getByLabel('E-mail', { exact: true })).toHaveValue(E2E_ADMIN.email);
});
