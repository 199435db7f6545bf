import { execFileSync } from 'node:child_process';
import { expect, test } from '@playwright/test';
import { signIn } from './helpers';

const LOG_CSV =
  'Date,Device,Discrepancy log entry,Corrective action\n' +
  '2026-03-02,FFS 1,Visual flicker on left display,Corrected by simulator maintenance\n' +
  '2026-03-03,FFS 1,Daily functional preflight check,No fault found\n';

test('an admin runs the compliance analysis, reads the cards, a requirement and the report', async ({
  page,
}) => {
  await signIn(page);
  // A document for the analysis to read: a simulator discrepancy log, processed by the real pipeline.
  const name = `ffs-discrepancy-log-${Date.now().toString(36)}.csv`;
  const upload = await page.request.post('/api/documents/upload', {
    multipart: { file: { name, mimeType: 'text/csv', buffer: Buffer.from(LOG_CSV) } },
  });
  expect(upload.status()).toBe(201);
  const { id } = (await upload.json()) as { id: string };
  await expect
    .poll(
      async () =>
        ((await (await page.request.get(`/api/documents/${id}`)).json()) as { status: string })
          .status,
      {
        timeout: 30_000,
      },
    )
    .toMatch(/processed|validated/);
  const summary = (await (await page.request.get('/api/audit/document-summary')).json()) as {
    totalDocuments: number;
  };

  await page.goto('/ai-audit-compliance');
  await expect(page.getByRole('heading', { name: 'Document Summary' })).toBeVisible();
  await expect(page.getByText('No documents analyzed yet')).toHaveCount(0);

  const analyze = page.getByRole('button', { name: 'Analyze Compliance' });
  await analyze.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText('Compliance Analysis Complete', { exact: true })).toBeVisible({
    timeout: 30_000,
  });
  await expect(
    page.getByText(`Analyzed 200 requirements across ${summary.totalDocuments} documents`, {
      exact: true,
    }),
  ).toBeVisible();

  for (const card of ['Overall Compliance', 'Critical Issues', 'High Risk', 'Compliant']) {
    await expect(page.getByText(card, { exact: true }).first()).toBeVisible();
  }
  await expect(page.getByRole('tab', { name: 'Requirements Analysis' })).toHaveAttribute(
    'aria-selected',
    'true',
  );

  // The discrepancy log item quotes the uploaded document.
  await page.getByRole('combobox', { name: 'Filter by status' }).click();
  await page.getByRole('option', { name: /^All statuses/ }).click();
  await page.getByRole('button', { name: /^7-08/ }).click();
  const detail = page.getByRole('article');
  await expect(detail.getByRole('heading', { name: 'Item 7-08' })).toBeVisible();
  await expect(detail).toContainText(name);
  await expect(detail).toContainText('Estimated Time to Compliance');
  await expect(detail).toContainText(/\d+% confidence/);

  await page.getByRole('tab', { name: 'Compliance Report' }).click();
  await expect(page.getByLabel('Compliance report text')).toContainText(
    'PART 142 COMPLIANCE ANALYSIS REPORT',
  );
  const downloading = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Download PDF' }).click();
  const download = await downloading;
  const path = await download.path();
  expect(execFileSync('pdftotext', [path, '-']).toString('utf8')).toContain(
    'Compliance Analysis Report',
  );

  await expect(page.getByRole('heading', { name: 'Run History' })).toBeVisible();
});
