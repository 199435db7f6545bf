import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { verifyReport } from '../src/shared/ledger/verify-report';
import { signIn } from './helpers';

const isoDay = (date: Date) => date.toISOString().slice(0, 10);

test('the header Export generates a Detailed PDF whose manifest verifies against the ledger key', async ({
  page,
}) => {
  await signIn(page);
  const today = new Date();
  const record = await page.request.post('/api/training-events', {
    data: {
      studentName: 'Report Trainee',
      licenseNumber: 'CPL-7781',
      course: 'CE-525 Initial Type Rating',
      eventType: 'Proficiency check',
      eventDate: isoDay(today),
      status: 'completed',
      result: 'Satisfactory',
      instructor: 'Morgan Lee',
      evaluator: 'Sam Ortiz',
      remarks: null,
    },
  });
  expect(record.status()).toBe(201);

  await page.getByRole('banner').getByRole('button', { name: 'Export', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Export a report' });
  await dialog.getByRole('combobox', { name: 'Report' }).click();
  await page.getByRole('option', { name: 'Detailed' }).click();
  await dialog.getByLabel('From').fill('2026-01-01');
  await dialog.getByLabel('To').fill('2025-01-01');
  await dialog.getByRole('button', { name: 'Generate report' }).click();
  await expect(dialog.getByText('The period ends before it starts')).toBeVisible();

  await dialog.getByLabel('From').fill(isoDay(new Date(today.getTime() - 30 * 86_400_000)));
  await dialog.getByLabel('To').fill(isoDay(today));
  await dialog.getByRole('button', { name: 'Generate report' }).click();
  await expect(dialog.getByText('Your report is ready.')).toBeVisible({ timeout: 60_000 });

  const [pdf] = await Promise.all([
    page.waitForEvent('download'),
    dialog.getByRole('link', { name: 'Download PDF' }).first().click(),
  ]);
  expect(pdf.suggestedFilename()).toMatch(
    /^centerline-detailed-report-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.pdf$/,
  );
  const bytes = await readFile(await pdf.path());
  expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');

  const [manifestFile] = await Promise.all([
    page.waitForEvent('download'),
    dialog.getByRole('link', { name: 'Manifest' }).first().click(),
  ]);
  const manifest = JSON.parse(await readFile(await manifestFile.path(), 'utf8'));
  const key = (await (await page.request.get('/api/ledger/keys')).json()).current.publicKeyHex;
  const verified = await verifyReport(manifest, bytes, { trustedPublicKeys: [key] });
  expect(verified.checks.filter((c) => !c.ok)).toEqual([]);
  const edited = Buffer.from(bytes);
  edited[100] = edited[100]! ^ 0x20;
  expect((await verifyReport(manifest, edited, { trustedPublicKeys: [key] })).ok).toBe(false);
});
