import { expect, test, type Page } from '@playwright/test';
import { signIn } from './helpers';

const ORGANIZATION = 'Centerline E2E Training Center';

/** The toast list (Radix announces each toast a second time elsewhere; this is the visible one). */
const toasts = (page: Page) => page.getByRole('region', { name: /^Notifications/ });

test('an admin invites an auditor, promotes them to instructor, then deactivates them', async ({
  page,
  browser,
  baseURL,
}) => {
  const suffix = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const email = `auditor-${suffix}@centerline.test`;
  const firstName = 'Avery';
  const lastName = `Quill ${suffix}`;
  const fullName = `${firstName} ${lastName}`;
  const password = 'auditor passphrase for e2e';

  // The admin reaches Users through the Admin Dashboard.
  await signIn(page);
  const sidebar = page.getByRole('navigation', { name: 'Main navigation' });
  await sidebar.getByRole('link', { name: /^Admin Dashboard/ }).click();
  await expect(page).toHaveURL(/\/admin-dashboard$/);
  await page.getByRole('link', { name: 'Manage users' }).click();
  await expect(page).toHaveURL(/\/users$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();

  // Invite as Auditor and read the one-time link from the dialog.
  await page.getByRole('button', { name: 'Invite user' }).click();
  const inviteDialog = page.getByRole('dialog', { name: 'Invite user' });
  await inviteDialog.getByLabel('E-mail').fill(email);
  await inviteDialog.getByLabel('First name').fill(firstName);
  await inviteDialog.getByLabel('Last name').fill(lastName);
  await inviteDialog.getByRole('combobox', { name: 'Role' }).click();
  await page.getByRole('option', { name: 'Auditor', exact: true }).click();
  await expect(inviteDialog.getByRole('combobox', { name: 'Role' })).toHaveText('Auditor');
  await inviteDialog.getByRole('button', { name: 'Create invitation' }).click();

  const created = page.getByRole('dialog', { name: 'Invitation created' });
  await expect(created).toContainText(`${fullName} was added as Auditor.`);
  const linkField = created.getByLabel('Invitation link');
  await expect(linkField).toHaveValue(/\/invite\?token=[\w-]{20,}$/);
  const inviteUrl = await linkField.inputValue();
  expect(new URL(inviteUrl).origin).toBe(new URL(baseURL!).origin);
  await created.getByRole('button', { name: 'Done' }).click();
  await expect(created).toBeHidden();

  const row = page.getByRole('row').filter({ hasText: email });
  await expect(row).toContainText(fullName);
  await expect(row).toContainText('Invited');
  await expect(row.getByRole('combobox', { name: `Role of ${fullName}` })).toHaveText('Auditor');

  // The invitee opens the link in their own browser, chooses a password and is signed in.
  const inviteeContext = await browser.newContext({ baseURL });
  try {
    const invitee = await inviteeContext.newPage();
    await invitee.goto(inviteUrl);
    await expect(invitee.getByRole('heading', { name: `Join ${ORGANIZATION}` })).toBeVisible();
    await expect(invitee.getByText(`Welcome, ${firstName}.`)).toBeVisible();
    await expect(invitee.getByLabel('E-mail')).toHaveValue(email);
    await invitee.getByLabel('Password', { exact: true }).fill(password);
    await invitee.getByLabel('Confirm password').fill(password);
    await invitee.getByRole('button', { name: 'Join and sign in' }).click();
    // An Auditor lands on their read-only portal.
    await expect(invitee).toHaveURL(/\/auditor-portal$/);
    await expect(invitee.getByRole('heading', { level: 1, name: 'Auditor Portal' })).toBeVisible();

    // As an Auditor: no Admin Dashboard entry, no New Import, but the audit export stays.
    const inviteeAside = invitee.getByRole('complementary', { name: 'Sidebar' });
    const inviteeSidebar = inviteeAside.getByRole('navigation', { name: 'Main navigation' });
    await expect(inviteeAside.getByText(fullName, { exact: true })).toBeVisible();
    await expect(inviteeAside.getByText(`Auditor · ${ORGANIZATION}`)).toBeVisible();
    await expect(inviteeSidebar.getByRole('link')).toHaveCount(16);
    await expect(inviteeSidebar.getByRole('link').first()).toHaveText('Auditor Portal');
    await expect(inviteeSidebar.getByRole('link', { name: /Admin Dashboard/ })).toHaveCount(0);
    const header = invitee.getByRole('banner');
    await expect(header.getByRole('button', { name: 'Export', exact: true })).toBeVisible();
    await expect(header.getByRole('link', { name: 'New Import' })).toHaveCount(0);

    for (const path of ['/admin-dashboard', '/users']) {
      await invitee.goto(path);
      await expect(invitee.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
      await expect(invitee.getByText('404 Page Not Found')).toBeVisible();
      await expect(invitee.getByRole('button', { name: 'Invite user' })).toHaveCount(0);
    }
    // The server refuses as well; hiding the screen is not the only guard.
    expect((await invitee.request.get('/api/users')).status()).toBe(403);

    // The dashboard stays theirs to read, from the sidebar.
    await inviteeSidebar.getByRole('link', { name: 'Dashboard', exact: true }).click();
    await expect(
      invitee.getByRole('heading', { level: 1, name: 'Compliance Dashboard' }),
    ).toBeVisible();
    await expect(header.getByRole('link', { name: 'New Import' })).toHaveCount(0);

    // The admin makes them an Instructor; their next page load shows New Import.
    await row.getByRole('combobox', { name: `Role of ${fullName}` }).click();
    await page.getByRole('option', { name: 'Instructor', exact: true }).click();
    await expect(toasts(page)).toContainText(`${fullName} is now Instructor.`);
    await expect(row.getByRole('combobox', { name: `Role of ${fullName}` })).toHaveText(
      'Instructor',
    );
    await expect(row).toContainText('Active');

    // Their next page load (the dashboard, where an Auditor would have been sent to the portal).
    await invitee.goto('/dashboard');
    await expect(
      invitee.getByRole('heading', { level: 1, name: 'Compliance Dashboard' }),
    ).toBeVisible();
    await expect(header.getByRole('link', { name: 'New Import' })).toBeVisible();
    await expect(inviteeAside.getByText(`Instructor · ${ORGANIZATION}`)).toBeVisible();

    // The admin deactivates them, after confirming.
    await row.getByRole('button', { name: `Actions for ${fullName}` }).click();
    await page.getByRole('menuitem', { name: 'Deactivate' }).click();
    const confirm = page.getByRole('dialog', { name: `Deactivate ${fullName}?` });
    await expect(confirm).toContainText('They are signed out at once');
    await confirm.getByRole('button', { name: 'Deactivate' }).click();
    await expect(confirm).toBeHidden();
    await expect(toasts(page)).toContainText('User deactivated');
    await expect(row).toContainText('Deactivated');
    await expect(row.getByRole('combobox', { name: `Role of ${fullName}` })).toBeDisabled();

    // The deactivated user's next page load: the Unauthorized toast, then the sign-in page.
    await invitee.reload();
    // The toast shows for the 500 ms before the redirect, so read it from inside the page.
    await invitee.waitForFunction(() => {
      const text = document.body.innerText;
      return (
        text.includes('Unauthorized') && text.includes('You are logged out. Logging in again...')
      );
    });
    await expect(invitee).toHaveURL(/\/api\/login\?next=%2Fdashboard$/);

    // Their password still matches, so they learn why they cannot sign in.
    await invitee.getByLabel('E-mail').fill(email);
    await invitee.getByLabel('Password').fill(password);
    await invitee.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(invitee.getByRole('alert')).toHaveText(
      'This account has been deactivated. Ask your administrator to reactivate it.',
    );
    await expect(invitee).toHaveURL(/\/api\/login/);
    expect((await invitee.request.get('/api/auth/user')).status()).toBe(401);
  } finally {
    await inviteeContext.close();
  }

  // The status is stored, not just shown.
  await page.reload();
  await expect(row).toContainText('Deactivated');
  await expect(row.getByRole('combobox', { name: `Role of ${fullName}` })).toHaveText('Instructor');
});
