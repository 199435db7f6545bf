import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Locator, type Page } from '@playwright/test';
import config from '../playwright.config';
import { APP_SCREENS, PUBLIC_SCREENS, signedInWithData } from './screens';

/** WCAG 2.1 A and AA; a serious or critical finding fails the screen. */
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
/**
 * WCAG 2.5.3 Label in Name (level A): axe marks its rule experimental, so the tags alone leave it
 * out; it is switched on by name.
 */
const EXTRA_RULES = { 'label-content-name-mismatch': { enabled: true } };
const FAILING_IMPACTS = new Set(['serious', 'critical']);

interface Finding {
  screen: string;
  rule: string;
  impact: string;
  help: string;
  /** Each failing element: its selector and the start of its markup. */
  targets: string[];
}

/** One line per finding, then one line per element: what a person fixing it needs to read. */
function report(findings: Finding[]): string {
  return findings
    .map(
      (f) =>
        `${f.screen}: ${f.rule} (${f.impact}) ${f.help}\n` +
        f.targets.map((t) => `    at ${t}`).join('\n'),
    )
    .join('\n');
}

/**
 * Waits until finite CSS animations and transitions (a dialog fading in) have run out, so that
 * colours are measured as they end up; spinners (infinite) are left turning.
 */
async function settle(page: Page) {
  await page
    .waitForFunction(
      () =>
        document
          .getAnimations()
          .every(
            (a) =>
              a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity,
          ),
      undefined,
      { timeout: 5_000 },
    )
    .catch(() => undefined);
}

/** Runs axe over the page and returns its serious and critical findings. */
async function audit(page: Page, screen: string): Promise<Finding[]> {
  await settle(page);
  const { violations } = await new AxeBuilder({ page })
    .options({ rules: EXTRA_RULES })
    .withTags(WCAG_TAGS)
    .analyze();
  return violations
    .filter((v) => FAILING_IMPACTS.has(v.impact ?? ''))
    .map((v) => ({
      screen,
      rule: v.id,
      impact: v.impact ?? '',
      help: v.help,
      targets: v.nodes.map((n) => `${n.target.join(' ')}  ${n.html.slice(0, 140)}`),
    }));
}

/** Opens a screen and waits for its main heading and for its loading spinners to go. */
async function open(page: Page, path: string, heading?: Locator) {
  await page.goto(path);
  await expect(heading ?? page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await expect(page.getByRole('status', { name: /^Loading|^Checking/ })).toHaveCount(0);
}

test.describe('public screens', () => {
  test.describe.configure({ timeout: 120_000 });

  for (const [path, screen] of PUBLIC_SCREENS) {
    test(`${screen} (${path})`, async ({ page }) => {
      await open(page, path, page.getByRole('heading').first());
      const findings = await audit(page, `${screen} (${path})`);
      expect(findings, report(findings)).toEqual([]);
    });
  }

  test('sign-in with field errors, and a tutorials guide dialog', async ({ page }) => {
    const findings: Finding[] = [];
    await open(page, '/api/login', page.getByRole('heading', { name: 'Sign in' }));
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page.getByText('Enter your password')).toBeVisible();
    findings.push(...(await audit(page, 'sign-in with field errors (/api/login)')));

    await open(page, '/tutorials');
    await page
      .getByRole('button', { name: /^Open guide: / })
      .first()
      .click();
    await expect(page.getByRole('dialog')).toBeVisible();
    findings.push(...(await audit(page, 'guide dialog (/tutorials)')));
    expect(findings, report(findings)).toEqual([]);
  });

  test.describe('on a phone', () => {
    test.use({ viewport: { width: 390, height: 844 } });

    test('landing (/) and its menu', async ({ page }) => {
      const findings: Finding[] = [];
      await open(page, '/');
      findings.push(...(await audit(page, 'landing on a phone (/)')));
      await page.getByRole('button', { name: 'Open menu' }).click();
      await expect(page.getByRole('menuitem', { name: 'Pricing' })).toBeVisible();
      findings.push(...(await audit(page, 'landing menu on a phone (/)')));
      expect(findings, report(findings)).toEqual([]);
    });
  });
});

// The admin's session, saved once so that every screen's test starts signed in.
const SIGNED_IN_STATE = `${config.outputDir}/a11y-session.json`;

test.describe('signed-in screens', () => {
  test.describe.configure({ timeout: 120_000 });
  test.use({ storageState: SIGNED_IN_STATE });
  let seeded = { document: '', event: '' };
  const pathOf = (template: string) =>
    template.replace('{document}', seeded.document).replace('{event}', seeded.event);

  test.beforeAll(async ({ browser }) => {
    test.setTimeout(240_000);
    seeded = await signedInWithData(browser, SIGNED_IN_STATE);
  });

  for (const [template, screen] of APP_SCREENS) {
    test(`${screen} (${template})`, async ({ page }) => {
      const path = pathOf(template);
      await open(page, path);
      const findings = await audit(page, `${screen} (${path})`);
      expect(findings, report(findings)).toEqual([]);
    });
  }

  const TABBED = [
    '/admin-dashboard',
    '/regulatory-compliance',
    '/regulatory-alerts',
    '/fleet-insight',
    '/ai-audit-compliance',
  ];
  for (const path of TABBED) {
    test(`the other tabs of ${path}`, async ({ page }) => {
      const findings: Finding[] = [];
      await open(page, path);
      const tabs = page.getByRole('main').getByRole('tab');
      // Some screens show their tabs only once their data has arrived; read them after that.
      await expect(tabs.nth(1)).toBeVisible();
      const names = await tabs.allInnerTexts();
      expect(names.length).toBeGreaterThan(1);
      for (const [index, name] of names.entries()) {
        if (index === 0) continue;
        await tabs.nth(index).click();
        await expect(tabs.nth(index)).toHaveAttribute('aria-selected', 'true');
        findings.push(...(await audit(page, `${path}, tab ${name.trim()}`)));
      }
      expect(findings, report(findings)).toEqual([]);
    });
  }

  const DIALOGS: [path: string, button: string, dialog: RegExp][] = [
    ['/compliance-records', 'New training event', /^New training event$/],
    ['/compliance-records/{event}', 'Edit', /^Edit training event$/],
    ['/users', 'Invite user', /^Invite user$/],
    ['/compliance-checklist', 'Import Checklist', /^Import Checklist$/],
  ];
  for (const [template, button, dialog] of DIALOGS) {
    test(`the ${button} dialog (${template})`, async ({ page }) => {
      await open(page, pathOf(template));
      await page.getByRole('button', { name: button, exact: true }).first().click();
      await expect(page.getByRole('dialog', { name: dialog })).toBeVisible();
      const findings = await audit(page, `${template}, dialog ${button}`);
      expect(findings, report(findings)).toEqual([]);
    });
  }

  test('the Export Report menu (/compliance-checklist)', async ({ page }) => {
    await open(page, '/compliance-checklist');
    await page.getByRole('button', { name: 'Export Report' }).click();
    await expect(page.getByRole('menuitem', { name: 'PDF report' })).toBeVisible();
    const findings = await audit(page, '/compliance-checklist, Export Report menu');
    expect(findings, report(findings)).toEqual([]);
  });

  test('a checklist item with its evidence and history dialogs', async ({ page }) => {
    const findings: Finding[] = [];
    await open(page, '/compliance-checklist?area=area7');
    await page.getByRole('button', { name: /^7-08/ }).click();
    const item = page.getByRole('region', { name: /^7-08/ });
    await expect(item).toBeVisible();
    findings.push(...(await audit(page, '/compliance-checklist, item 7-08 open')));
    await item.getByRole('button', { name: 'Attach Evidence' }).click();
    await expect(page.getByRole('dialog', { name: /^Attach evidence/ })).toBeVisible();
    findings.push(...(await audit(page, '/compliance-checklist, Attach Evidence dialog')));
    await page.keyboard.press('Escape');
    await item.getByRole('button', { name: 'View History' }).click();
    await expect(page.getByRole('dialog', { name: /^History of item/ })).toBeVisible();
    findings.push(...(await audit(page, '/compliance-checklist, View History dialog')));
    expect(findings, report(findings)).toEqual([]);
  });

  test.describe('on a phone', () => {
    test.use({ viewport: { width: 390, height: 844 } });

    test('mobile screens and the More menu', async ({ page }) => {
      const findings: Finding[] = [];
      for (const path of [
        '/dashboard',
        '/mobile-field',
        '/document-import',
        '/compliance-records',
      ]) {
        await open(page, path);
        findings.push(...(await audit(page, `${path} on a phone`)));
      }
      await page
        .getByRole('navigation', { name: 'Mobile navigation' })
        .getByRole('button', { name: 'More' })
        .click();
      await expect(page.getByRole('menuitem', { name: 'Analytics' })).toBeVisible();
      findings.push(...(await audit(page, 'More menu on a phone')));
      expect(findings, report(findings)).toEqual([]);
    });
  });
});
