import { expect, test } from '@playwright/test';

test('the API reference renders under the server security policy and shows the upload form', async ({
  page,
  baseURL,
}) => {
  const errors: string[] = [];
  page.on('pageerror', (err) => errors.push(err.message));
  page.on('console', (msg) => {
    if (/Content.Security.Policy/i.test(msg.text())) errors.push(msg.text());
  });
  const foreign: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).origin !== new URL(baseURL!).origin) foreign.push(request.url());
  });

  await page.goto('/api/docs');
  // The first request builds the document from every route's schema.
  await expect(page.getByRole('heading', { name: /Centerline API/ })).toBeVisible({
    timeout: 30_000,
  });

  const upload = page.locator('#operations-documents-post_api_documents_upload');
  await upload.getByRole('button', { name: 'POST /api/documents/upload', exact: true }).click();
  await expect(upload.getByRole('combobox', { name: 'Request content type' })).toHaveValue(
    'multipart/form-data',
  );
  for (const field of ['file array<string>', 'document array<string>', 'metadata object']) {
    await expect(upload.getByRole('cell', { name: field, exact: true })).toBeVisible();
  }

  expect(errors).toEqual([]);
  expect(foreign).toEqual([]);
});
