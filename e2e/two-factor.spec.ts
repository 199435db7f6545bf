import { expect, test, type Page } from '@playwright/test';
import { generate } from 'otplib';
import { signIn } from './helpers';

const PASSWORD = 'two factor passphrase 42';

/** A member of the shared organization, invited by its admin and with a password chosen. */
async function newMember(page: Page, label: string) {
  await signIn(page);
  const email = `${label}-${Date.now().toString(36)}@centerline.test`;
  const invite = await page.request.post('/api/users', {
    data: { email, firstName: 'Robin', lastName: 'Okafor', role: 'instructor' },
  });
  expect(invite.status()).toBe(201);
  const { invitePath } = (await invite.json()) as { invitePath: string };
  const token = new URL(invitePath, 'http://x').searchParams.get('token');
  await page.context().clearCookies();
  const accepted = await page.request.post('/api/auth/accept-invite', {
    data: { token, password: PASSWORD },
  });
  expect(accepted.status()).toBe(200);
  await page.context().clearCookies();
  return email;
}

/** The code the authenticator app shows `offset` steps of 30 s from now. */
const codeAt = (secret: string, offset = 0) =>
  generate({
    secret: secret.replace(/\s/g, ''),
    epoch: Math.floor(Date.now() / 1000) + offset * 30,
  });

test('a user sets up an authenticator app in Settings and signs in with a code and a recovery code', async ({
  page,
}) => {
  const email = await newMember(page, 'totp');
  await signIn(page, email, PASSWORD);
  await page.goto('/settings');
  const section = page.getByRole('region', {
    name: 'Two-factor authentication: authenticator app',
  });
  await expect(section).toContainText('Off');
  await section.getByRole('button', { name: 'Set up authenticator app' }).click();
  await expect(section.getByRole('img', { name: /QR code/ })).toBeVisible();
  const secret = (await section.getByLabel('Set-up key').textContent())!;

  // A wrong code is refused next to the field; the right one turns it on.
  await section.getByLabel('Code from the app').fill('000000');
  await section.getByRole('button', { name: 'Turn on two-factor sign-in' }).click();
  await expect(section.getByText(/That code is not correct/)).toBeVisible();
  const enrolmentCode = await codeAt(secret);
  await section.getByLabel('Code from the app').fill(enrolmentCode);
  await section.getByRole('button', { name: 'Turn on two-factor sign-in' }).click();
  const codes = section.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
  await expect(codes).toHaveCount(10);
  const recovery = (await codes.first().textContent())!;
  await section.getByRole('button', { name: 'I have saved them' }).click();
  await expect(section).toContainText('10 of 10 recovery codes left');

  // Sign out, and in again: the password alone is not enough.
  await page.goto('/api/logout');
  await page.goto('/api/login');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByText('Two-factor sign-in')).toBeVisible();
  expect((await page.request.get('/api/auth/user')).status()).toBe(401);
  // The code used to enrol cannot be used again.
  await page.getByLabel('Authentication code').fill(enrolmentCode);
  await page.getByRole('button', { name: 'Verify and sign in' }).click();
  await expect(page.getByText('That code has already been used.', { exact: false })).toBeVisible();
  await page.getByLabel('Authentication code').fill(await codeAt(secret, 1));
  await page.getByRole('button', { name: 'Verify and sign in' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  // With a recovery code instead of the app.
  await page.goto('/api/logout');
  await page.goto('/api/login');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.getByRole('button', { name: 'Use a recovery code' }).click();
  await page.getByLabel('Recovery code').fill(recovery);
  await page.getByRole('button', { name: 'Verify and sign in' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/settings');
  await expect(
    page.getByRole('region', { name: 'Two-factor authentication: authenticator app' }),
  ).toContainText('9 of 10 recovery codes left');
});

test('a user adds a passkey in Settings and signs in with it, without a password and after one', async ({
  page,
}) => {
  // Chromium's virtual authenticator (DevTools protocol, WebAuthn domain) stands in for a phone
  // or a laptop's fingerprint reader: it holds resident keys and verifies the user.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });

  const email = await newMember(page, 'passkey');
  await signIn(page, email, PASSWORD);
  await page.goto('/settings');
  const section = page.getByRole('region', { name: 'Passkeys' });
  await section.getByRole('button', { name: 'Add passkey' }).click();
  await expect(section.getByText(/Name this passkey/)).toBeVisible();
  await section.getByLabel('Name for a new passkey').fill('E2E laptop');
  await section.getByRole('button', { name: 'Add passkey' }).click();
  await expect(section.getByRole('list', { name: 'Your passkeys' })).toContainText('E2E laptop');
  const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
  expect(credentials).toHaveLength(1);
  expect(credentials[0]!.isResidentCredential).toBe(true);

  // Without a password: the browser offers the passkey it holds for this site.
  await page.goto('/api/logout');
  await page.goto('/api/login');
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('complementary', { name: 'Sidebar' })).toContainText('Robin Okafor');

  // After a password, the passkey is the second step.
  await page.goto('/api/logout');
  await page.goto('/api/login');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByText('Two-factor sign-in')).toBeVisible();
  expect((await page.request.get('/api/auth/user')).status()).toBe(401);
  await page.getByRole('button', { name: 'Use your passkey' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  // Removed, the passkey no longer signs in.
  await page.goto('/settings');
  await page.getByRole('button', { name: 'Remove passkey E2E laptop' }).click();
  await expect(page.getByRole('list', { name: 'Your passkeys' })).toHaveCount(0);
  await page.goto('/api/logout');
  await page.goto('/api/login');
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await expect(page.getByRole('alert')).toContainText(
    'This passkey is not registered for an account here.',
  );
});
