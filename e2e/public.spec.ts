import { expect, test } from '@playwright/test';

test('pricing shows the four plans, and the trial button leads to sign-in for the Trial plan', async ({
  page,
}) => {
  await page.goto('/pricing');
  const plans = page.getByRole('region', { name: 'Plans', exact: true });
  await expect(plans.getByRole('article')).toHaveCount(4);

  const expected = [
    { name: 'Trial', price: '$0', period: 'for 30 days' },
    { name: 'Training Center', price: '$299', period: 'per month' },
    { name: 'Enterprise', price: '$799', period: 'per month' },
    { name: 'Regulatory', price: '$1499', period: 'per month' },
  ];
  await expect(plans.getByRole('heading', { level: 3 })).toHaveText(expected.map((p) => p.name));
  for (const { name, price, period } of expected) {
    const card = plans.getByRole('article', { name, exact: true });
    await expect(card.getByText(price, { exact: true })).toBeVisible();
    await expect(card.getByText(period, { exact: true })).toBeVisible();
  }

  await expect(page.getByText('Most Popular', { exact: true })).toHaveCount(1);
  await expect(
    plans.getByRole('article', { name: 'Training Center' }).getByText('Most Popular'),
  ).toBeVisible();

  const trial = plans
    .getByRole('article', { name: 'Trial', exact: true })
    .getByRole('link', { name: 'Start Free Trial' });
  await expect(trial).toHaveAttribute('href', '/api/login?plan=trial');

  for (const name of ['Training Center', 'Enterprise', 'Regulatory']) {
    const sales = plans
      .getByRole('article', { name, exact: true })
      .getByRole('link', { name: `Contact Sales about the ${name} plan` });
    const href = (await sales.getAttribute('href')) ?? '';
    const mail = new URL(href);
    expect(mail.protocol).toBe('mailto:');
    expect(mail.searchParams.get('subject')).toContain(name);
  }

  await trial.click();
  await expect(page).toHaveURL(/\/api\/login\?plan=trial$/);
  await expect(page.getByText('You chose the Trial plan. Sign in to continue.')).toBeVisible();
  await expect(page.getByLabel('E-mail')).toBeVisible();
});

test('Getting Started opens on the Quick Start tab and its tabs follow the arrow keys', async ({
  page,
}) => {
  await page.goto('/getting-started');
  const tablist = page.getByRole('tablist', { name: 'Getting started sections' });
  await expect(tablist.getByRole('tab')).toHaveText([
    'Quick Start',
    'Video Tutorials',
    'FAQ',
    'Support',
  ]);
  const tab = (name: string) => tablist.getByRole('tab', { name, exact: true });
  const panel = page.getByRole('tabpanel');

  await expect(tab('Quick Start')).toHaveAttribute('aria-selected', 'true');
  await expect(panel.getByRole('heading', { level: 2 })).toHaveText('12-Minute Quick Start');
  await expect(panel.getByRole('listitem').filter({ hasText: 'Invite your team' })).toBeVisible();

  await tab('Quick Start').focus();
  await page.keyboard.press('ArrowRight');
  await expect(tab('Video Tutorials')).toBeFocused();
  await expect(tab('Video Tutorials')).toHaveAttribute('aria-selected', 'true');
  await expect(tab('Quick Start')).toHaveAttribute('aria-selected', 'false');
  await expect(panel.getByRole('heading', { level: 2 })).toHaveText('Written walk-throughs');
  await expect(page).toHaveURL(/\/getting-started\?tab=tutorials$/);

  await page.keyboard.press('ArrowRight');
  await expect(tab('FAQ')).toHaveAttribute('aria-selected', 'true');
  await expect(panel.getByRole('heading', { level: 2 })).toHaveText('Frequently asked questions');

  await page.keyboard.press('ArrowRight');
  await expect(tab('Support')).toHaveAttribute('aria-selected', 'true');
  await expect(panel.getByRole('heading', { name: 'Onboarding Promise' })).toBeVisible();
  for (const card of ['Documentation', 'Live Training', 'Chat Support', 'Email Support']) {
    await expect(panel.getByRole('heading', { name: card, exact: true })).toBeVisible();
  }
  await expect(page).toHaveURL(/\?tab=support$/);

  await page.keyboard.press('ArrowLeft');
  await expect(tab('FAQ')).toBeFocused();
  await expect(tab('FAQ')).toHaveAttribute('aria-selected', 'true');
  await expect(page).toHaveURL(/\?tab=faq$/);

  // The open tab lives in the address, so a reload keeps it.
  await page.reload();
  await expect(tab('FAQ')).toHaveAttribute('aria-selected', 'true');
  await expect(panel.getByRole('heading', { level: 2 })).toHaveText('Frequently asked questions');
});

test('the tutorials page lists six guides and a guide opens with its steps', async ({ page }) => {
  await page.goto('/tutorials');
  const openButtons = page.getByRole('button', { name: /^Open guide: / });
  await expect(openButtons).toHaveCount(6);

  await page
    .getByRole('button', { name: 'Open guide: First sign-in and inviting your team' })
    .click();
  const guide = page.getByRole('dialog', { name: 'First sign-in and inviting your team' });
  await expect(guide).toBeVisible();
  const steps = guide.getByRole('listitem');
  await expect(steps).toHaveCount(6);
  await expect(steps.first()).toContainText('Step 1: Sign in');
  await expect(steps.nth(1)).toContainText('Step 2: Open Users');
  await expect(steps.last()).toContainText('Step 6: Set your own session timeout');

  await guide.getByRole('button', { name: 'Close' }).first().click();
  await expect(guide).toBeHidden();
});

test('the checklist test page counts the real catalogue and reports success', async ({ page }) => {
  await page.goto('/test-checklist');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Checklist catalogue test' }),
  ).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Success' })).toContainText(
    'Passed: Success: 200 of 200 items found in 10 areas',
  );
});

test('setup says it is complete when the installation already has an admin', async ({ page }) => {
  await page.goto('/setup');
  await expect(page.getByRole('heading', { name: 'Setup is complete' })).toBeVisible();
  await expect(page).toHaveTitle('Setup is complete · Centerline');
  await expect(page.getByLabel('Organization name')).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/api/login');
});

test('/home has a button to the dashboard', async ({ page }) => {
  await page.goto('/home');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Welcome to Centerline' }),
  ).toBeVisible();
  const toDashboard = page.getByRole('link', { name: 'Go to Dashboard' });
  await expect(toDashboard).toHaveAttribute('href', '/dashboard');
  // Signed out, the dashboard sends the visitor on to sign in.
  await toDashboard.click();
  await expect(page).toHaveURL(/\/api\/login\?next=%2Fdashboard$/);
});

test('/debug-sidebar renders its sidebar with a sign-out control', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (err) => errors.push(err.message));
  await page.goto('/debug-sidebar');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Sidebar layout diagnostics' }),
  ).toBeVisible();
  const aside = page.getByRole('complementary', { name: 'Debug sidebar' });
  await expect(aside.getByRole('navigation', { name: 'Sidebar sections' })).toBeVisible();
  const signOut = aside.getByRole('button', { name: 'Sign out' });
  await expect(signOut).toBeVisible();
  await signOut.click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('link', { name: 'Sign In' }).first()).toBeVisible();
  expect(errors).toEqual([]);
});

test('with an organization in place, sign-in shows its form and no way to setup', async ({
  page,
}) => {
  await page.goto('/api/login');
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await expect(page.getByLabel('E-mail')).toBeVisible();
  await expect(page.getByLabel('Password')).toBeVisible();
  await expect(page.getByText('Centerline has no organization yet.')).toHaveCount(0);
  await expect(page.locator('a[href^="/setup"]')).toHaveCount(0);
});

test('signed-out pages log no console errors', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (err) => errors.push(`${page.url()}: ${err.message}`));
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(`${page.url()}: ${msg.text()}`);
  });
  const requested: string[] = [];
  page.on('request', (req) => requested.push(new URL(req.url()).pathname));

  for (const path of [
    '/',
    '/home',
    '/pricing',
    '/tutorials',
    '/getting-started',
    '/debug-sidebar',
    '/test-checklist',
    '/api/login',
    '/api/login?plan=trial',
    '/setup',
    '/invite',
    '/no-such-screen',
  ]) {
    await page.goto(path);
    await expect(page.getByRole('heading').first()).toBeVisible();
    await page.waitForLoadState('networkidle');
  }
  expect(errors).toEqual([]);
  // The page itself says it was loaded signed out, so nobody asks only to be told 401.
  expect(requested).not.toContain('/api/auth/user');
  // The contract for API clients is unchanged.
  expect((await page.request.get('/api/auth/user')).status()).toBe(401);
});

test('the public pages mark what is not built yet as Coming', async ({ page }) => {
  await page.goto('/');
  const reports = page.getByRole('heading', { name: 'Audit-ready reports' }).locator('..');
  // Built now: the report types are promised without a Coming badge.
  await expect(reports).toContainText(
    'Summary, Detailed and Audit reports as PDF or Excel, each with a manifest tied to your signed ledger',
  );
  await expect(reports).not.toContainText('Coming');
  const instructors = page.getByRole('article').filter({ hasText: 'Instructors and evaluators' });
  // Built now: captures kept on the device without signal and sent once back online.
  await expect(instructors.getByRole('listitem').last()).toHaveText(
    'Capture without signal, uploaded once back online',
  );
  await expect(instructors).not.toContainText('Coming');

  await page.goto('/getting-started?tab=support');
  // The innermost block holding the card's title is the title with its badge.
  const chatTitle = page
    .getByRole('tabpanel')
    .locator('div')
    .filter({ has: page.getByRole('heading', { name: 'Chat Support', exact: true }) })
    .last();
  // The chat exists now: no "Coming" badge, and the card says where it is.
  await expect(chatTitle).not.toContainText('Coming');
  await expect(page.getByRole('tabpanel')).toContainText(
    'Inside Centerline, once you are signed in: an assistant that answers from the help centre',
  );
  await expect(page.getByRole('link', { name: 'Sign in to chat' })).toHaveCount(0);

  await page.goto('/tutorials');
  await page.getByRole('button', { name: 'Open guide: Exporting audit reports' }).click();
  const guide = page.getByRole('dialog', { name: 'Exporting audit reports' });
  await expect(guide.getByRole('listitem').first()).toContainText('Step 1: Export the checklist');
  await expect(guide).toContainText('Step 3: Generate a Summary, Detailed or Audit report');
  await expect(guide).not.toContainText('Coming');
});
