import { expect, test } from '@playwright/test';
import { NAV_ENTRIES } from '../src/client/components/layout/navigation';
import { signIn } from './helpers';

test('landing, sign in, every sidebar entry, sign out', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (err) => errors.push(err.message));
  // The built client must satisfy the server's Content-Security-Policy.
  page.on('console', (msg) => {
    if (/Content.Security.Policy/i.test(msg.text())) errors.push(msg.text());
  });

  await page.goto('/');
  await expect(page.getByRole('link', { name: 'Pricing' }).first()).toBeVisible();
  await page.getByRole('link', { name: 'Sign In' }).first().click();
  await expect(page).toHaveURL(/\/api\/login/);
  await page.getByLabel('E-mail').fill('admin@centerline.test');
  await page.getByLabel('Password').fill('wrong password entirely');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('alert')).toHaveText('Incorrect e-mail or password');

  await page.goto('/api/login');
  await signIn(page);
  const sidebar = page.getByRole('navigation', { name: 'Main navigation' });
  await expect(sidebar.getByRole('link')).toHaveCount(NAV_ENTRIES.length);
  await expect(page.getByText('Enterprise Ready Platform')).toBeVisible();

  for (const entry of NAV_ENTRIES) {
    await sidebar.getByRole('link', { name: new RegExp(`^${entry.label}`) }).click();
    await expect(page).toHaveURL(new RegExp(`${entry.path === '/' ? '/$' : entry.path}$`));
    await expect(page.getByRole('heading', { level: 1, name: entry.title })).toBeVisible();
    const active = sidebar.getByRole('link', { name: new RegExp(`^${entry.label}`) });
    await expect(active).toHaveAttribute('aria-current', 'page');
  }
  expect(errors).toEqual([]);

  await page.getByRole('button', { name: 'Sign out', exact: true }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('link', { name: 'Sign In' }).first()).toBeVisible();
  const me = await page.request.get('/api/auth/user');
  expect(me.status()).toBe(401);
});

test('a signed-out visit to a protected screen shows the toast and goes to sign-in', async ({
  page,
}) => {
  await page.goto('/compliance-records');
  // The toast shows for the 500 ms before the redirect, so read it from inside the page.
  await page.waitForFunction(() => {
    const text = document.body.innerText;
    return (
      text.includes('Unauthorized') && text.includes('You are logged out. Logging in again...')
    );
  });
  await expect(page).toHaveURL(/\/api\/login\?next=%2Fcompliance-records/);
  await signIn(page);
  await expect(page).toHaveURL(/\/compliance-records$/);
});

test('an unknown path shows the 404 card', async ({ page }) => {
  await page.goto('/no-such-screen');
  await expect(page.getByText('Page Not Found', { exact: true })).toBeVisible();
  await expect(page.getByText('404 Page Not Found')).toBeVisible();
});

test('the landing page does not download the authenticated application', async ({ page }) => {
  // Chunks of the authenticated application, by the name Vite gives a lazy route's chunk.
  const APP_CHUNKS = ['AppShell', 'Dashboard', 'Settings', 'Users'];
  const chunkOf = (path: string) => /\/assets\/([A-Za-z]+)-[\w-]+\.js$/.exec(path)?.[1];
  const scripts: string[] = [];
  page.on('request', (req) => {
    if (req.resourceType() === 'script') scripts.push(new URL(req.url()).pathname);
  });
  await page.goto('/');
  await expect(page.getByRole('link', { name: 'Pricing' }).first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  const landing = scripts.splice(0);
  // A filter over nothing passes whatever the page loads: the landing page's scripts must have
  // been seen, named as the filter expects.
  expect(landing.length).toBeGreaterThan(0);
  expect(landing.map(chunkOf)).toContain('Landing');
  expect(landing.filter((s) => APP_CHUNKS.includes(chunkOf(s) ?? ''))).toEqual([]);

  // The same filter must find each of those chunks once the application is used, or it would
  // pass just as well after a change of chunk names.
  await signIn(page);
  const sidebar = page.getByRole('navigation', { name: 'Main navigation' });
  await sidebar.getByRole('link', { name: 'Settings' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  await page.goto('/users');
  await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  const seen = new Set(scripts.map(chunkOf));
  expect(APP_CHUNKS.filter((chunk) => !seen.has(chunk))).toEqual([]);
});

test.describe('mobile', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('bottom navigation with the More menu', async ({ page }) => {
    await signIn(page);
    const bottom = page.getByRole('navigation', { name: 'Mobile navigation' });
    await expect(bottom).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Main navigation' })).toHaveCount(0);
    for (const label of ['Dashboard', 'Field Ops', 'Upload', 'Records']) {
      await expect(bottom.getByRole('link', { name: label })).toBeVisible();
    }
    await bottom.getByRole('link', { name: 'Records' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Compliance Records' })).toBeVisible();
    await bottom.getByRole('button', { name: 'More' }).click();
    await expect(page.getByRole('menuitem', { name: 'Analytics' })).toBeVisible();
    await page.getByRole('menuitem', { name: 'Sign Out' }).click();
    await expect(page).toHaveURL(/\/$/);
  });
});
