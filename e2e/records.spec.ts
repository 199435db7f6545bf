import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { signIn } from './helpers';

const HASH = /^[0-9a-f]{64}$/;

const toasts = (page: Page) => page.getByRole('region', { name: /^Notifications/ });
const suffix = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** The full hash behind a Blockchain Hash cell (shown abbreviated, whole in its title). */
async function hashIn(scope: ReturnType<Page['locator']>) {
  return (await scope.locator('code[title]').first().getAttribute('title')) ?? '';
}

test('a training event is recorded by hand, verified in the browser, edited into a new version and its proof downloaded', async ({
  page,
}) => {
  const student = `Avery Quill ${suffix()}`;
  await signIn(page);
  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: /^Compliance Records/ })
    .click();
  await expect(page.getByRole('heading', { name: 'Training Events' })).toBeVisible();

  // The form refuses a completed event dated in the future, next to the date.
  await page.getByRole('button', { name: 'New training event' }).click();
  const form = page.getByRole('dialog', { name: 'New training event' });
  await form.getByLabel('Student name').fill(student);
  await form.getByLabel('Certificate number').fill('CPL-4471');
  await form.getByLabel('Course / curriculum').fill('B737 Type Rating');
  await form.getByLabel('Event type').fill('Proficiency check');
  await form.getByLabel('Date').fill('2999-01-01');
  await form.getByLabel('Instructor').fill('Dana Fox');
  await form.getByRole('button', { name: 'Create training event' }).click();
  await expect(form.getByRole('alert')).toHaveText(
    'The date is in the future; only pending events can be dated later than today',
  );
  await form.getByLabel('Date').fill('2025-03-01');
  await form.getByRole('button', { name: 'Create training event' }).click();
  await expect(form).toBeHidden();
  await expect(toasts(page)).toContainText('Training event created');

  // Server-side search finds it; its hash is a whole 64-hex leaf hash, shown shortened.
  await page.getByRole('searchbox', { name: 'Search training events' }).fill(student);
  await expect(page).toHaveURL(/[?&]q=Avery/);
  const row = page.getByRole('row').filter({ hasText: student });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('CPL-4471');
  await expect(row).toContainText('03/01/2025');
  const firstHash = await hashIn(row);
  expect(firstHash).toMatch(HASH);
  await expect(page.getByRole('row')).toHaveCount(2);

  // The record page checks the proof here, in the browser.
  await row.getByRole('link', { name: `View ${student}, Proficiency check on 03/01/2025` }).click();
  await expect(page).toHaveURL(/\/compliance-records\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 2, name: student })).toBeVisible();
  const proof = page.getByRole('region', { name: 'Ledger proof' });
  await expect(proof.getByText('Verified', { exact: true })).toBeVisible();
  await expect(proof).toContainText('9 of 9 checks passed');
  await expect(page.getByRole('listitem', { name: 'Version 1' })).toContainText(
    'Student name: ' + student,
  );

  // An edit is a new version with a new leaf; the first version stays listed.
  await page.getByRole('button', { name: 'Edit' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit training event' });
  await edit.getByLabel('Result / grade').fill('Unsatisfactory');
  await edit.getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: 'Failed' }).click();
  await edit.getByRole('button', { name: 'Save new version' }).click();
  await expect(edit).toBeHidden();
  await expect(toasts(page)).toContainText('New version saved');
  const second = page.getByRole('listitem', { name: 'Version 2' });
  await expect(second).toContainText('Current');
  await expect(second).toContainText('Status: completed → failed');
  await expect(second).toContainText('Result / grade: empty → Unsatisfactory');
  await expect(page.getByRole('listitem', { name: 'Version 1' })).toBeVisible();
  await expect(proof).toContainText('Inclusion proof of version 2');
  await expect(proof.getByText('Verified', { exact: true })).toBeVisible();
  const record = page.getByRole('region', { name: 'Record', exact: true });
  const secondHash = await hashIn(record);
  expect(secondHash).toMatch(HASH);
  expect(secondHash).not.toBe(firstHash);

  // The bundle holds the canonical leaf, the audit path, the signed head and the key.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Download proof bundle' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/-v2-proof\.json$/);
  const bundle = JSON.parse(await readFile((await download.path())!, 'utf8'));
  expect(bundle.format).toBe('centerline-proof-bundle/v1');
  expect(bundle.record).toMatchObject({ studentName: student, status: 'failed', version: 2 });
  expect(bundle.leaf.hash).toBe(secondHash);
  expect(JSON.parse(bundle.leaf.canonical)).toMatchObject({
    type: 'training_event',
    version: 2,
    data: { studentName: student, status: 'failed', result: 'Unsatisfactory' },
  });
  expect(bundle.proof.treeSize).toBe(bundle.head.treeSize);
  expect(Array.isArray(bundle.proof.auditPath)).toBe(true);
  for (const hash of bundle.proof.auditPath) expect(hash).toMatch(HASH);
  expect(bundle.head.rootHash).toMatch(HASH);
  expect(bundle.head.signature).toMatch(/^[0-9a-f]{128}$/);
  expect(bundle.publicKey.algorithm).toBe('Ed25519');

  // A bundle changed by one field no longer verifies, and the page says which check failed.
  const forged = { ...bundle, record: { ...bundle.record, status: 'completed' } };
  await proof.getByLabel('Check a proof bundle file').setInputFiles({
    name: 'forged.json',
    mimeType: 'application/json',
    buffer: Buffer.from(JSON.stringify(forged)),
  });
  const forgedResult = proof.getByLabel('Result for forged.json');
  await expect(forgedResult).toContainText('Verification failed');
  await expect(forgedResult).toContainText(
    'record field status is "completed" but the ledger leaf says "failed"',
  );
});

test('a CSV import with a bad row commits nothing; fixed, it imports every row', async ({
  page,
}) => {
  const tag = suffix();
  const header = 'Student,Certificate,Course,Event Type,Date,Status,Instructor,Debrief';
  const rows = (date: string) =>
    [
      header,
      `Imogen Hart ${tag},CPL-1001,B737 Type Rating,Recurrent,2025-01-15,completed,Dana Fox,Steep turns to standard`,
      `Jonah Vale ${tag},,B737 Type Rating,Check,${date},failed,Dana Fox,Repeat V1 cut`,
      `Kira Moss ${tag},ATP-2002,A320 Transition,Transition,02/20/2025,completed,Sam Reed,`,
    ].join('\n');
  const csv = (name: string, date: string) => ({
    name,
    mimeType: 'text/csv',
    buffer: Buffer.from(rows(date)),
  });

  await signIn(page);
  await page.goto('/compliance-records');
  await page.getByRole('link', { name: 'Import', exact: true }).click();
  await expect(page).toHaveURL(/\/compliance-records\/import$/);

  const fileInput = page.getByLabel('Spreadsheet file (CSV or XLSX)');
  await fileInput.setInputFiles(csv('events.csv', '2025-02-30'));
  await expect(page.getByText('Preview of events.csv')).toBeVisible();
  const bad = page.locator('tr[data-row="3"]');
  await expect(bad).toContainText('2025-02-30 is not a real calendar date');
  await expect(page.getByRole('alert').filter({ hasText: '1 row of 3 has errors' })).toBeVisible();
  await expect(
    page.getByRole('button', { name: /^Import (\d+ )?training events?$/ }),
  ).toBeDisabled();

  // Nothing was written by the preview.
  const none = await page.request.get(`/api/training-events?search=${tag}`);
  expect(await none.json()).toEqual([]);

  // The fixed file previews clean; the unmatched Debrief column is mapped to Remarks by hand.
  await fileInput.setInputFiles(csv('events-fixed.csv', '2025-02-28'));
  await expect(page.getByText('All 3 rows are ready to import.')).toBeVisible();
  await page.getByRole('combobox', { name: 'Column for Remarks' }).click();
  await page.getByRole('option', { name: 'Debrief' }).click();
  const table = page.getByRole('table', { name: 'Rows of the file' });
  await expect(table.getByRole('columnheader', { name: 'Remarks' })).toBeVisible();
  await expect(page.locator('tr[data-row="2"]')).toContainText('Steep turns to standard');
  await expect(page.locator('tr[data-row="4"]')).toContainText('2025-02-20');

  await page.getByRole('button', { name: 'Import 3 training events' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'Imported 3 training events' }),
  ).toBeVisible();

  await page.getByRole('link', { name: 'See them in Compliance Records' }).click();
  await page.getByRole('searchbox', { name: 'Search training events' }).fill(tag);
  await expect(page.getByRole('row').filter({ hasText: tag })).toHaveCount(3);
  for (const cell of await page.getByRole('row').filter({ hasText: tag }).all()) {
    expect(await hashIn(cell)).toMatch(HASH);
  }

  // The same file again is recognised and refused.
  await page.goto('/compliance-records/import');
  await page
    .getByLabel('Spreadsheet file (CSV or XLSX)')
    .setInputFiles(csv('events-fixed.csv', '2025-02-28'));
  await expect(page.getByText(/This exact file was already imported on/)).toBeVisible();
  await expect(
    page.getByRole('button', { name: /^Import (\d+ )?training events?$/ }),
  ).toBeDisabled();
});
