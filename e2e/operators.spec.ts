import { expect, test } from '@playwright/test';
import { signIn } from './helpers';

// The suite's admin is the installation's platform operator (OPERATOR_EMAILS in the config).

test('an operator creates an organization; its invited admin signs in to that organization alone', async ({
  page,
  browser,
  baseURL,
}) => {
  const stamp = Date.now();
  const name = `Blue Ridge Sim Center ${stamp}`;
  const email = `chief-${stamp}@blue-ridge.test`;
  await signIn(page);
  await page.goto('/admin-dashboard?tab=organizations');
  await expect(page.getByText(/As a platform operator you see every organization/)).toBeVisible();
  await page.getByRole('button', { name: 'Create organization' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create an organization' });
  await dialog.getByRole('button', { name: 'Create and invite' }).click();
  await expect(dialog.getByText('Enter the organization name')).toBeVisible();
  await dialog.getByLabel('Organization name').fill(name);
  await dialog.getByLabel('Plan').click();
  await page.getByRole('option', { name: 'Enterprise' }).click();
  await dialog.getByLabel('Administrator’s first name').fill('Rene');
  await dialog.getByLabel('Administrator’s last name').fill('Chief');
  await dialog.getByLabel('Administrator’s e-mail').fill(email);
  await dialog.getByRole('button', { name: 'Create and invite' }).click();

  const created = page.getByRole('dialog', { name: `${name} created` });
  await expect(created).toContainText('E-mail is not set up on this installation');
  const inviteUrl = await created.getByLabel('Invitation link').inputValue();
  await page.keyboard.press('Escape');
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toContainText('Enterprise');
  await expect(row).toContainText('1 (no limit)');

  const context = await browser.newContext({ baseURL });
  try {
    const invitee = await context.newPage();
    await invitee.goto(inviteUrl);
    await expect(invitee.getByRole('heading', { name: `Join ${name}` })).toBeVisible();
    await invitee.getByLabel('Password', { exact: true }).fill('a new academy passphrase');
    await invitee.getByLabel('Confirm password').fill('a new academy passphrase');
    await invitee.getByRole('button', { name: 'Join and sign in' }).click();
    await expect(invitee).toHaveURL(/\/dashboard$/);
    const aside = invitee.getByRole('complementary', { name: 'Sidebar' });
    await expect(aside.getByText(`Admin · ${name}`)).toBeVisible();
    // Not an operator: their Organizations tab holds their organization only.
    await invitee.goto('/admin-dashboard?tab=organizations');
    await expect(invitee.getByRole('button', { name: 'Create organization' })).toHaveCount(0);
    await expect(invitee.getByRole('row')).toHaveCount(2);
    await expect(invitee.getByRole('row').nth(1)).toContainText(name);
  } finally {
    await context.close();
  }
});

test('the trial sign-up is linked from sign-in and says when the server cannot confirm by e-mail', async ({
  page,
}) => {
  await page.goto('/api/login?plan=trial');
  await page.getByRole('link', { name: 'New to Centerline? Start a trial' }).click();
  await expect(page).toHaveURL(/\/signup$/);
  await expect(page.getByText('Start your Centerline trial')).toBeVisible();
  await page.getByRole('button', { name: 'Send the confirmation link' }).click();
  await expect(page.getByText('Enter the organization name')).toBeVisible();
  await page.getByLabel('Organization name').fill('Trial Flight Academy');
  await page.getByLabel('First name').fill('Ava');
  await page.getByLabel('Last name').fill('Founder');
  await page.getByLabel('Work e-mail').fill(`founder-${Date.now()}@trial.test`);
  await page.getByRole('button', { name: 'Send the confirmation link' }).click();
  await expect(page.getByRole('alert')).toContainText(
    'This server does not send e-mail (SMTP_URL is not set), so a sign-up cannot be confirmed.',
  );
});
