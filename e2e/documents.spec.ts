import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import PDFDocument from 'pdfkit';
import { signIn } from './helpers';

/** The toast list (Radix announces each toast a second time elsewhere; this is the visible one). */
const toasts = (page: Page) => page.getByRole('region', { name: /^Notifications/ });

/** A born-digital certificate, as a training centre's own software would print it. */
function certificatePdf(lines: [string, string][]): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: 'LETTER', margin: 72 });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.fontSize(22).text('Training Completion Certificate', { align: 'center' }).moveDown(1.5);
    doc.fontSize(13);
    for (const [label, value] of lines) doc.text(`${label}: ${value}`).moveDown(0.6);
    doc.addPage().fontSize(12).text('Remarks: all required maneuvers completed to standard.');
    doc.end();
  });
}

interface Field {
  id: string;
  fieldName: string;
  confidenceScore: number;
  validatedValue: string | null;
  validatedAt: string | null;
}

test('an admin uploads a certificate, corrects and validates its fields, and downloads it', async ({
  page,
}) => {
  const suffix = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const name = `certificate-${suffix}.pdf`;
  const bytes = await certificatePdf([
    ['Student Name', 'Jordan Avery Pilot'],
    ['Certificate Number', '3456789'],
    ['Date of Birth', 'March 4, 1990'],
    ['Instructor', 'Morgan Lee'],
    ['Course', 'Citation CE-525 Initial Type Rating'],
    ['Training Date', '03/14/2025'],
  ]);

  await signIn(page);
  await page.goto('/document-import');
  await page
    .getByTestId('upload-input')
    .setInputFiles({ name, mimeType: 'application/pdf', buffer: bytes });
  await expect(toasts(page).getByText('Upload successful')).toBeVisible();
  await expect(
    toasts(page).getByText(`${name} has been uploaded and is being processed.`),
  ).toBeVisible();

  // The history polls while the document is read; its status moves on by itself.
  const row = page.getByRole('list', { name: 'Documents' }).getByRole('listitem').filter({
    hasText: name,
  });
  await expect(row).toContainText('Processed', { timeout: 45_000 });
  await row.getByRole('link', { name: `View ${name}` }).click();
  await expect(page).toHaveURL(/\/documents\/[0-9a-f-]{36}$/);
  const documentId = page.url().split('/').pop()!;
  await expect(page.getByRole('heading', { level: 2, name })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Document' })).toBeVisible();

  // The fields as read, normalised, each with the confidence the server reported.
  await expect(page.getByLabel('Student Name', { exact: true })).toHaveValue('Jordan Avery Pilot');
  await expect(page.getByLabel('Certificate Number', { exact: true })).toHaveValue('3456789');
  await expect(page.getByLabel('Date of Birth', { exact: true })).toHaveValue('1990-03-04');
  await expect(page.getByLabel('Training Date', { exact: true })).toHaveValue('2025-03-14');
  await expect(page.getByLabel('Instructor', { exact: true })).toHaveValue('Morgan Lee');
  const read = (await (
    await page.request.get(`/api/documents/${documentId}/extracted-data`)
  ).json()) as Field[];
  const student = read.find((f) => f.fieldName === 'studentName')!;
  const studentRow = page.locator('li[data-field="studentName"]');
  await expect(studentRow).toContainText(`${Math.floor(student.confidenceScore * 100 + 1e-9)}%`);

  // The page a value came from shows its text with the value marked.
  await page.getByRole('button', { name: 'Show page 1, where Student Name was read' }).click();
  await expect(page.getByLabel('Text of page 1').locator('mark')).toHaveText('Jordan Avery Pilot');
  await expect(page.getByText('Page 1 of 2')).toBeVisible();

  // Correct one field, then validate the rest at once.
  await page.getByLabel('Instructor', { exact: true }).fill('Morgan A. Lee');
  await page.getByRole('button', { name: 'Validate Instructor' }).click();
  const instructorRow = page.locator('li[data-field="instructorName"]');
  await expect(instructorRow).toContainText('Validated by Site Administrator');
  await expect(instructorRow).toContainText('Read as: Morgan Lee');
  await page.getByRole('button', { name: 'Validate all' }).click();
  await expect(toasts(page).getByText('Document validated')).toBeVisible();
  await expect(page.getByText('Every field is validated.')).toBeVisible();
  const heading = page.getByRole('heading', { level: 2, name });
  await expect(heading.locator('..')).toContainText('Validated');

  const saved = (await (
    await page.request.get(`/api/documents/${documentId}/extracted-data`)
  ).json()) as Field[];
  expect(saved.every((f) => f.validatedAt !== null)).toBe(true);
  expect(saved.find((f) => f.fieldName === 'instructorName')?.validatedValue).toBe('Morgan A. Lee');
  const document = (await (await page.request.get(`/api/documents/${documentId}`)).json()) as {
    status: string;
  };
  expect(document.status).toBe('validated');

  // A validated document becomes a training record in one step: the form comes prefilled, the
  // record cites the document, and the document then links to it.
  await page.getByRole('link', { name: 'Create training record' }).click();
  const form = page.getByRole('dialog', { name: 'New training event' });
  await expect(form.getByLabel('Student name')).toHaveValue('Jordan Avery Pilot');
  await expect(form.getByLabel('Instructor')).toHaveValue('Morgan A. Lee');
  await form.getByLabel('Event type').fill('Initial type rating');
  await form.getByRole('button', { name: 'Create training event' }).click();
  await expect(form).toBeHidden();
  await page.goto(`/documents/${documentId}`);
  await expect(page.getByRole('link', { name: 'Jordan Avery Pilot, 2025-03-14' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Create training record' })).toHaveCount(0);

  // Download gives back the very bytes uploaded.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: `Download ${name}` }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(name);
  expect((await readFile((await download.path())!)).equals(bytes)).toBe(true);
});

test('a file that is not what its extension says is refused with the server’s message', async ({
  page,
}) => {
  const name = `not-a-pdf-${Date.now().toString(36)}.pdf`;
  await signIn(page);
  await page.goto('/document-import');
  const answer = page.waitForResponse((r) => r.url().endsWith('/api/documents/upload'));
  await page.getByTestId('upload-input').setInputFiles({
    name,
    mimeType: 'application/pdf',
    buffer: Buffer.from('MZ\x90\x00 a Windows program renamed to look like a PDF'),
  });
  const response = await answer;
  expect(response.status()).toBe(415);
  const { message } = (await response.json()) as { message: string };
  expect(message).toMatch(/^File type must be one of /);

  const item = page.getByRole('list', { name: 'Upload queue' }).getByRole('listitem').filter({
    hasText: name,
  });
  await expect(item).toContainText(message);
  await expect(toasts(page).getByText('Upload failed', { exact: true })).toBeVisible();
  await expect(toasts(page).getByText(`Failed to upload ${name}`)).toBeVisible();
});

test('the rows of an uploaded spreadsheet become training records after the user confirms the mapping', async ({
  page,
}) => {
  const suffix = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const name = `roster-${suffix}.csv`;
  const csv = [
    'Trainee,Cert #,Course,Type,Date,Status,Instructor',
    `Avery Quinn ${suffix},ATP-777,B737 Recurrent,Recurrent,2025-01-10,Completed,Dana Fox`,
    `Blake Stone ${suffix},CPL-100,B737 Initial,Initial,03/15/2025,Completed,Dana Fox`,
  ].join('\r\n');

  await signIn(page);
  await page.goto('/document-import');
  await page
    .getByTestId('upload-input')
    .setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(csv) });
  const row = page.getByRole('list', { name: 'Documents' }).getByRole('listitem').filter({
    hasText: name,
  });
  await expect(row).toContainText('Processed', { timeout: 45_000 });
  await row.getByRole('link', { name: `View ${name}` }).click();

  await page.getByRole('link', { name: 'Import the rows as training records' }).click();
  await expect(page).toHaveURL(/\/compliance-records\/import\?document=[0-9a-f-]{36}$/);
  await expect(page.getByRole('link', { name })).toBeVisible();
  await page.getByRole('button', { name: 'Import 2 training events' }).click();
  await expect(page.getByText('Imported 2 training events')).toBeVisible();

  await page.getByRole('link', { name: 'See them in Compliance Records' }).click();
  await expect(page.getByText(`Blake Stone ${suffix}`).first()).toBeVisible();
});
