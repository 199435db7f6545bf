import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { E2E_ADMIN } from '../playwright.config';
import { signIn } from './helpers';

/**
 * A user switches to French, dark theme, Europe/Paris and day-first dates: the screens follow at
 * once, after a reload and after signing in again, and so does an exported PDF. Expected words
 * are read from the catalogues (the French for a given English text), so the test checks that the
 * screens use them, not a copy of their wording.
 */
type Tree = { [key: string]: string | Tree };
function catalogueTexts(dir: string, language: string): Map<string, string>[] {
  const root = join(dir, language);
  return readdirSync(root)
    .filter((f) => f.endsWith('.json'))
    .map((f) => {
      const out = new Map<string, string>();
      const walk = (tree: Tree, prefix: string) => {
        for (const [k, v] of Object.entries(tree)) {
          if (typeof v === 'string') out.set(`${f}:${prefix}${k}`, v);
          else walk(v, `${prefix}${k}.`);
        }
      };
      walk(JSON.parse(readFileSync(join(root, f), 'utf8')) as Tree, '');
      return out;
    });
}
const merge = (maps: Map<string, string>[]) => new Map(maps.flatMap((m) => [...m]));
const CLIENT = 'src/client/i18n/locales';
const SERVER = 'src/server/i18n/locales';
const screens = {
  en: merge(catalogueTexts(CLIENT, 'en')),
  fr: merge(catalogueTexts(CLIENT, 'fr')),
};
const files = { en: merge(catalogueTexts(SERVER, 'en')), fr: merge(catalogueTexts(SERVER, 'fr')) };

/** The French the catalogues give for an English text (the first key that holds it). */
function fr(text: string, where: typeof screens = screens): string {
  for (const [key, value] of where.en) {
    if (value === text && where.fr.has(key)) return where.fr.get(key)!;
  }
  throw new Error(`No catalogue holds the English text "${text}"`);
}

async function choose(page: Page, field: string, option: string | RegExp) {
  await page.getByRole('combobox', { name: field }).click();
  await page.getByRole('option', { name: option }).click();
}

test.describe('the whole product in French', () => {
  test.afterEach(async ({ request }) => {
    // Put the shared admin back in English, light theme and the default zone and format.
    await request.post('/api/auth/login', { data: E2E_ADMIN });
    const saved = await request.get('/api/settings/preferences');
    if (!saved.ok()) return;
    const { timezoneChosen: _chosen, ...preferences } = (await saved.json()) as Record<
      string,
      unknown
    >;
    await request.put('/api/settings/preferences', {
      data: {
        ...preferences,
        language: 'en',
        theme: 'light',
        timezone: 'America/New_York',
        dateFormat: 'MM/DD/YYYY',
      },
    });
  });

  test('French, dark, Europe/Paris and day-first dates on every screen and in a PDF', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await signIn(page);
    const created = await page.request.post('/api/training-events', {
      data: {
        studentName: `Camille Durand ${Date.now().toString(36)}`,
        licenseNumber: 'CPL-4410',
        course: 'A320 Type Rating',
        instructor: 'Noël Martin',
        status: 'completed',
        eventDate: '2025-03-01',
        eventType: 'Proficiency check',
      },
    });
    expect(created.status()).toBe(201);
    const event = (await created.json()) as { id: string; studentName: string };

    await page.goto('/settings');
    await choose(page, 'Language', 'Français');
    await choose(page, 'Theme', 'Dark');
    await choose(page, 'Timezone', /\) Europe\/Paris$/);
    await choose(page, 'Date format', /^DD\/MM\/YYYY/);
    await page.getByRole('button', { name: 'Save Changes' }).click();

    // At once, without a reload: the page is French and dark.
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
    await expect(page.locator('html')).toHaveClass(/\bdark\b/);
    await expect(page.getByRole('button', { name: fr('Save Changes') })).toBeVisible();
    await expect(page.getByRole('navigation').first()).toContainText(fr('Compliance Records'));

    // Another screen, and a date written day first.
    await page.goto(`/compliance-records/${event.id}`);
    await expect(page.getByRole('main')).toContainText('01/03/2025');
    await page.goto('/compliance-records');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(fr('Compliance Records'));

    // Still French after a reload and after signing in again (the sign-in page too).
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(fr('Compliance Records'));
    await page.goto('/api/logout');
    await page.goto('/api/login');
    await expect(page.getByRole('button', { name: fr('Sign in'), exact: true })).toBeVisible();
    await page.getByLabel(fr('E-mail')).fill(E2E_ADMIN.email);
    await page.getByLabel(fr('Password')).fill(E2E_ADMIN.password);
    await page.getByRole('button', { name: fr('Sign in'), exact: true }).click();
    await expect(page).not.toHaveURL(/\/api\/login/);
    await expect(page.locator('html')).toHaveClass(/\bdark\b/);

    // The checklist report as a PDF: French headings, the date day first, the zone named.
    await page.goto('/compliance-checklist');
    await page.getByRole('button', { name: fr('Export Report') }).click();
    const downloading = page.waitForEvent('download');
    await page.getByRole('menuitem', { name: fr('PDF report') }).click();
    const download = await downloading;
    const text = execFileSync('pdftotext', [await download.path(), '-'])
      .toString('utf8')
      .replace(/\s+/g, ' ');
    expect(text).toContain(fr('Part 142 Compliance Checklist', files));
    expect(text).toMatch(/\d\d\/\d\d\/\d{4} \d\d:\d\d (?:CET|CEST|UTC\+[12]|GMT\+[12])/);
  });
});
