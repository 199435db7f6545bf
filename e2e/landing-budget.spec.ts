import { expect, test, type Response } from '@playwright/test';

/**
 * Compressed bytes of script the signed-out landing page may download on a first visit (every
 * script response, brotli as served). The page itself is about 96 KiB today, most of it React;
 * the authenticated application must stay out of it (docs/PERFORMANCE.md, "Web client").
 */
const LANDING_SCRIPT_BUDGET_BYTES = 100 * 1024;

test('the signed-out landing page downloads at most its budget of script, compressed', async ({
  page,
}) => {
  const scripts: Response[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') scripts.push(response);
  });
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'Training records an inspector can verify.',
  );
  await page.waitForLoadState('networkidle');

  const downloads = await Promise.all(
    scripts.map(async (response) => ({
      file: new URL(response.url()).pathname,
      encoding: response.headers()['content-encoding'],
      bytes: (await response.request().sizes()).responseBodySize,
    })),
  );
  const listing = downloads.map((d) => `${d.file} ${d.bytes} B ${d.encoding ?? ''}`).join('\n');
  expect(downloads.length, 'the page loads its scripts').toBeGreaterThan(0);
  expect(
    downloads.filter((d) => d.encoding !== 'br'),
    `every script comes brotli-compressed:\n${listing}`,
  ).toEqual([]);
  const total = downloads.reduce((sum, d) => sum + d.bytes, 0);
  expect(total, `script bytes of the landing page:\n${listing}`).toBeLessThanOrEqual(
    LANDING_SCRIPT_BUDGET_BYTES,
  );
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the header menu, loaded when first pressed, opens from the keyboard on its first item', async ({
    page,
  }) => {
    await page.goto('/');
    const button = page.getByRole('button', { name: 'Open menu' });
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    await button.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('menuitem', { name: 'Pricing' })).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(page.getByRole('menuitem', { name: 'Getting Started' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('menu')).toBeHidden();
    await expect(button).toBeFocused();
    await expect(button).toHaveAttribute('aria-expanded', 'false');

    await button.click();
    await page.getByRole('menuitem', { name: 'Pricing' }).click();
    await expect(page).toHaveURL(/\/pricing$/);
  });
});
