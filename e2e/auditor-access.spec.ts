import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { signIn } from './helpers';

/**
 * An external inspector's access end to end: the admin issues it for one course, the inspector
 * joins and lands on the read-only portal, reads only that course's records with no write control
 * on screen, checks the ledger in the browser, takes the scope's proof archive, and is shut out
 * once the admin revokes the access.
 */
test('an admin issues a course-limited auditor access, the inspector reads it, then it is revoked', async ({
  page,
  browser,
  baseURL,
}) => {
  const suffix = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const course = `B737 Type Rating ${suffix}`;
  const inScope = `Avery Stone ${suffix}`;
  const outOfScope = `Blake Moss ${suffix}`;
  const email = `inspector-${suffix}@faa.test`;
  const password = 'inspector passphrase for e2e';
  const ends = new Date(Date.now() + 20 * 86_400_000).toISOString().slice(0, 10);

  await signIn(page);
  for (const [studentName, courseName] of [
    [inScope, course],
    [outOfScope, `A320 Recurrent ${suffix}`],
  ]) {
    const created = await page.request.post('/api/training-events', {
      data: {
        studentName,
        licenseNumber: 'CPL-4410022',
        course: courseName,
        eventType: 'Proficiency check',
        eventDate: new Date(Date.now() - 3 * 86_400_000).toISOString().slice(0, 10),
        status: 'completed',
        result: 'Satisfactory',
        instructor: 'Morgan Lee',
        evaluator: 'Sam Ortiz',
        remarks: null,
      },
    });
    expect(created.status()).toBe(201);
  }

  await page.goto('/users');
  await page.getByRole('button', { name: 'Issue auditor access' }).click();
  const dialog = page.getByRole('dialog', { name: 'Issue auditor access' });
  await dialog.getByLabel('E-mail').fill(email);
  await dialog.getByLabel('First name').fill('Robin');
  await dialog.getByLabel('Last name').fill(`Inspector ${suffix}`);
  await dialog.getByRole('combobox', { name: 'What they may read' }).click();
  await page.getByRole('option', { name: 'A course' }).click();
  await dialog.getByLabel('Course name').fill(course);
  // An end in the past is refused next to the field.
  await dialog.getByLabel('Access ends on').fill('2020-01-01');
  await dialog.getByRole('button', { name: 'Issue access' }).click();
  await expect(dialog.getByText('Choose a date after today')).toBeVisible();
  await dialog.getByLabel('Access ends on').fill(ends);
  await dialog.getByLabel('Purpose').fill('Surveillance visit');
  await dialog.getByRole('button', { name: 'Issue access' }).click();
  const issued = page.getByRole('dialog', { name: 'Auditor access issued' });
  await expect(issued).toContainText(`may read Course: ${course}`);
  const inviteUrl = await issued.getByLabel('Invitation link').inputValue();
  await issued.getByRole('button', { name: 'Done' }).click();
  const row = page.getByTestId(`auditor-access-${email}`);
  await expect(row).toContainText('Invited');

  const inspectorContext = await browser.newContext({ baseURL, acceptDownloads: true });
  try {
    const inspector = await inspectorContext.newPage();
    await inspector.goto(inviteUrl);
    await inspector.getByLabel('Password', { exact: true }).fill(password);
    await inspector.getByLabel('Confirm password').fill(password);
    await inspector.getByRole('button', { name: 'Join and sign in' }).click();
    await expect(inspector).toHaveURL(/\/auditor-portal$/);
    await expect(
      inspector.getByRole('heading', { level: 1, name: 'Auditor Portal' }),
    ).toBeVisible();
    await expect(inspector.getByText(`Course: ${course}`).first()).toBeVisible();
    await expect(inspector.getByText('Surveillance visit')).toBeVisible();

    const sidebar = inspector.getByRole('navigation', { name: 'Main navigation' });
    await expect(sidebar.getByRole('link')).toHaveText([
      'Auditor Portal',
      'Compliance Records',
      'Support',
      'Settings',
    ]);
    const header = inspector.getByRole('banner');
    await expect(header.getByRole('button', { name: 'Export' })).toHaveCount(0);
    await expect(header.getByRole('link', { name: 'New Import' })).toHaveCount(0);

    // The ledger, checked in the browser.
    await inspector.getByRole('button', { name: 'Verify now' }).click();
    await expect(inspector.getByText('The ledger verifies.')).toBeVisible();
    const check = inspector.getByRole('button', { name: /^Check against newest/ }).first();
    await check.click();
    await expect(inspector.getByText('Consistent', { exact: true }).first()).toBeVisible();

    // The proof archive of the scope downloads.
    const [archive] = await Promise.all([
      inspector.waitForEvent('download'),
      inspector.getByRole('link', { name: 'Download proof archive (.zip)' }).click(),
    ]);
    const zip = await readFile(await archive.path());
    expect(zip.subarray(0, 2).toString()).toBe('PK');

    // Only the course's records, and no control that writes.
    await sidebar.getByRole('link', { name: 'Compliance Records' }).click();
    const rows = inspector.getByRole('row');
    await expect(rows.filter({ hasText: inScope })).toHaveCount(1);
    await expect(rows.filter({ hasText: outOfScope })).toHaveCount(0);
    await expect(inspector.getByRole('button', { name: /New Training Event|Import/ })).toHaveCount(
      0,
    );
    const listed = await (await inspector.request.get('/api/training-events')).json();
    expect(listed.map((e: { studentName: string }) => e.studentName)).toEqual([inScope]);
    await inspector.goto(`/compliance-records/${listed[0].id}`);
    await expect(inspector.getByRole('heading', { name: inScope })).toBeVisible();
    await expect(inspector.getByRole('button', { name: 'Edit' })).toHaveCount(0);
    // The server refuses what the screens do not offer.
    expect((await inspector.request.get('/api/documents')).status()).toBe(403);
    expect((await inspector.request.post('/api/training-events', { data: {} })).status()).toBe(403);

    // The admin sees the views, then revokes.
    await page.reload();
    await expect(row).toContainText('Active');
    await row.getByRole('button', { name: /^Revoke/ }).click();
    const confirm = page.getByRole('dialog', { name: /^Revoke .*access\?$/ });
    await confirm.getByRole('button', { name: 'Revoke access' }).click();
    await expect(row).toContainText('Revoked');

    const refused = await inspector.request.get('/api/training-events');
    expect(refused.status()).toBe(401);
    expect((await refused.json()).code).toBe('auditor_access_ended');
    await inspector.goto('/api/login');
    await inspector.getByLabel('E-mail').fill(email);
    await inspector.getByLabel('Password').fill(password);
    await inspector.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(inspector.getByRole('alert')).toContainText('Your auditor access was revoked on');
  } finally {
    await inspectorContext.close();
  }
});
