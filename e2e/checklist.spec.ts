import { execFileSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { signIn } from './helpers';

/** The text of a PDF as a reader sees it: pdftotext (poppler) when installed, else pdfjs-dist. */
async function pdfText(path: string): Promise<string> {
  try {
    return execFileSync('pdftotext', [path, '-']).toString('utf8');
  } catch {
    const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
    const doc = await pdfjs.getDocument({ data: new Uint8Array(await readFile(path)) }).promise;
    const pages: string[] = [];
    for (let i = 1; i <= doc.numPages; i++) {
      const content = await (await doc.getPage(i)).getTextContent();
      pages.push(content.items.map((it) => ('str' in it ? it.str : '')).join(' '));
    }
    return pages.join('\n');
  }
}

/** A document of the organization to attach: an existing one, or one uploaded for the test. */
async function someDocument(page: Page): Promise<{ name: string } | { skip: string }> {
  const list = await page.request.get('/api/documents');
  if (list.ok()) {
    const documents = (await list.json()) as { originalName: string }[];
    if (documents[0]) return { name: documents[0].originalName };
  }
  const name = `discrepancy-log-${Date.now().toString(36)}.csv`;
  const upload = await page.request.post('/api/documents/upload', {
    multipart: {
      file: {
        name,
        mimeType: 'text/csv',
        buffer: Buffer.from('Date,Device,Discrepancy\n2026-03-02,FFS 1,Visual flicker\n'),
      },
    },
  });
  if (upload.status() !== 201) {
    return { skip: `no document exists and the upload answered ${upload.status()}` };
  }
  return { name };
}

test('an admin answers an item, attaches evidence, reloads, reads the history and exports a PDF', async ({
  page,
}) => {
  const finding = `Discrepancy log complete for every sampled session (${Date.now().toString(36)}).`;
  await signIn(page);
  await page.goto('/compliance-checklist?area=area7');
  await expect(
    page.getByRole('heading', { name: 'Area 7: Flight Training Equipment' }),
  ).toBeVisible();

  const trigger = page.getByRole('button', { name: /^7-08/ });
  const item = page.getByRole('region', { name: /^7-08/ });
  await trigger.click();
  await expect(item).toContainText('discrepancy log');

  // Status: one checkbox, saved at once.
  await item.getByRole('checkbox', { name: 'Compliant', exact: true }).check();
  await expect(trigger).toContainText('Compliant');
  await expect(page.getByRole('tab', { name: /Flight Training Equipment/ })).toContainText('1/16');

  // A finding, saved as typed.
  await item.getByLabel('Findings').fill(finding);
  await expect(item.getByText('Saved', { exact: true })).toBeVisible();

  const document = await someDocument(page);
  if ('skip' in document) {
    test
      .info()
      .annotations.push({ type: 'skipped step', description: `Evidence: ${document.skip}` });
  } else {
    await item.getByRole('button', { name: 'Attach Evidence' }).click();
    const dialog = page.getByRole('dialog', { name: 'Attach evidence to item 7-08' });
    await dialog.getByRole('button', { name: `Attach ${document.name}` }).click();
    await expect(
      dialog.getByRole('button', { name: `${document.name} is attached` }),
    ).toBeVisible();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(item.getByRole('link', { name: document.name })).toBeVisible();
  }

  // Everything is kept: reload and look again.
  await page.reload();
  await page.getByRole('button', { name: /^7-08/ }).click();
  await expect(item.getByRole('checkbox', { name: 'Compliant', exact: true })).toBeChecked();
  await expect(item.getByLabel('Findings')).toHaveValue(finding);
  if (!('skip' in document))
    await expect(item.getByRole('link', { name: document.name })).toBeVisible();

  await item.getByRole('button', { name: 'View History' }).click();
  const history = page.getByRole('dialog', { name: 'History of item 7-08' });
  await expect(history).toContainText('Status: Pending → Compliant');
  await expect(history).toContainText('Findings written');
  await history.getByRole('button', { name: 'Close' }).click();

  // The same answer on the read-only inspection checklist.
  await page.goto('/far-compliance?q=discrepancy%20log');
  await expect(page.getByText(/^Showing \d+ of 200 checklist items$/)).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: '7-08' })).toContainText('Compliant');

  // Export Report → PDF, and read it.
  await page.goto('/compliance-checklist');
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export Report' }).click();
  await page.getByRole('menuitem', { name: 'PDF report' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^part142-checklist-\d{8}T\d{4}Z\.pdf$/);
  const text = (await pdfText(await download.path())).replace(/\s+/g, ' ');
  expect(text).toContain('Part 142 Compliance Checklist');
  // In the reader's date format (month first by default) and zone, the zone named.
  expect(text).toMatch(/Generated \d\d\/\d\d\/\d{4} \d\d:\d\d [AP]M (?:[A-Z]{3,4}|GMT[+-]\d+)/);
  expect(text).toContain('7-08 Compliant');
  expect(text).toContain(finding);
  if (!('skip' in document)) expect(text).toContain(`Evidence: ${document.name}`);
});
