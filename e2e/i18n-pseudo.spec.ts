import { expect, test, type Locator, type Page } from '@playwright/test';
import config from '../playwright.config';
import { APP_SCREENS, PUBLIC_SCREENS, signedInWithData } from './screens';

/**
 * Every word a screen shows comes from a catalogue or from the data. In the pseudo-locale
 * (`?pseudo=1`) each catalogue text is drawn between ⟦ and ⟧; what is left outside them must be a
 * word some API answer of the page contained (a name, a course, regulation text), a number, or
 * one of the few names below. A key that no catalogue holds fails the screen too.
 */
const NOT_WORDS = new Set(['Centerline', 'AM', 'PM', 'Order']);

/** Words of every string in the JSON answers this page received. */
function collectApiWords(page: Page): Set<string> {
  const words = new Set<string>();
  const walk = (value: unknown) => {
    if (typeof value === 'string') {
      for (const word of value.match(/\p{L}+/gu) ?? []) words.add(word.toLowerCase());
    } else if (Array.isArray(value)) value.forEach(walk);
    else if (value && typeof value === 'object') Object.values(value).forEach(walk);
  };
  page.on('response', async (response) => {
    if (!new URL(response.url()).pathname.startsWith('/api/')) return;
    if (!(response.headers()['content-type'] ?? '').includes('json')) return;
    try {
      walk(await response.json());
    } catch {
      // A body already gone (a redirect, an aborted request) holds no words.
    }
  });
  return words;
}

interface Leftover {
  where: string;
  text: string;
}

/** Text on the page, and in the attributes people hear, that no catalogue wrapped. */
async function unwrappedText(page: Page): Promise<{ leftovers: Leftover[]; missing: string[] }> {
  return page.evaluate(() => {
    const strip = (text: string) => {
      let rest = text;
      for (;;) {
        const next = rest.replace(/⟦[^⟦⟧]*⟧/g, ' ');
        if (next === rest) return rest;
        rest = next;
      }
    };
    const leftovers: { where: string; text: string }[] = [];
    // What a reader sees, in document order: text of visible elements, leaving out what the page
    // marks as not for translation (translate="no": regulation text, user agents, paths) and the
    // hidden native <select> a styled one keeps for forms.
    const skip = (element: Element | null) =>
      !!element?.closest('[translate="no"], select[aria-hidden="true"], script, style, noscript') ||
      !(element as HTMLElement | null)?.checkVisibility?.({ visibilityProperty: true });
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    const parts: string[] = [];
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (!skip(node.parentElement)) parts.push(node.textContent ?? '');
    }
    const readable = (text: string) =>
      strip(text)
        // Addresses, links, paths and file extensions are not words of a language.
        .replace(/[\w.+-]+@[\w-]+(\.[\w-]+)+/g, ' ')
        .replace(/\b\w+:\/\/\S+/g, ' ')
        .replace(/\b[\w.-]+:\d+\S*/g, ' ')
        .replace(/(^|\s)\/[\w/:.{}-]*/g, ' ')
        .replace(/\.(pdf|csv|xlsx|xls|json|jpe?g|png|tiff?|heic|zip|txt)\b/gi, ' ')
        // A token with a digit in it is a code, a hash or a number, not a word (CPL-4410, 3f9a…).
        .replace(/[\p{L}\p{N}…_-]*\p{N}[\p{L}\p{N}…_-]*/gu, ' ');
    const body = readable(parts.join(' '));
    if (/\p{L}{2,}/u.test(body)) leftovers.push({ where: 'text', text: body });
    for (const element of document.querySelectorAll(
      '[aria-label], [placeholder], [title], img[alt]',
    )) {
      for (const name of ['aria-label', 'placeholder', 'title', 'alt']) {
        const value = element.getAttribute(name);
        if (value && !skip(element) && /\p{L}{2,}/u.test(readable(value)))
          leftovers.push({
            where: `${element.tagName.toLowerCase()}[${name}]`,
            text: readable(value),
          });
      }
    }
    const missing = (window as unknown as { __centerlineMissingKeys?: string[] })
      .__centerlineMissingKeys;
    return { leftovers, missing: [...new Set(missing ?? [])] };
  });
}

async function check(page: Page, apiWords: Set<string>, screen: string) {
  await expect(page.getByRole('status', { name: /Loading|Checking/ })).toHaveCount(0);
  await page.waitForLoadState('networkidle');
  const { leftovers, missing } = await unwrappedText(page);
  const foreign = leftovers.flatMap(({ where, text }) => {
    const words = (text.match(/\p{L}{2,}/gu) ?? []).filter(
      (word) =>
        !NOT_WORDS.has(word) &&
        !apiWords.has(word.toLowerCase()) &&
        // Codes and abbreviations (FAA, FSTD, CFR, PDF) are not translated.
        !/^\p{Lu}[\p{Lu}\d]+$/u.test(word),
    );
    return words.length ? [`${where}: ${[...new Set(words)].join(' ')}`] : [];
  });
  expect(missing, `${screen}: keys no catalogue holds`).toEqual([]);
  expect(foreign, `${screen}: words drawn from no catalogue`).toEqual([]);
}

async function open(page: Page, path: string, heading?: Locator) {
  const url = `${path}${path.includes('?') ? '&' : '?'}pseudo=1`;
  await page.goto(url);
  await expect(heading ?? page.getByRole('heading').first()).toBeVisible();
}

test.describe('public screens in the pseudo-locale', () => {
  for (const [path, screen] of PUBLIC_SCREENS) {
    test(`${screen} (${path})`, async ({ page }) => {
      const apiWords = collectApiWords(page);
      await open(page, path);
      await check(page, apiWords, `${screen} (${path})`);
    });
  }
});

const SIGNED_IN_STATE = `${config.outputDir}/pseudo-session.json`;

test.describe('signed-in screens in the pseudo-locale', () => {
  test.describe.configure({ timeout: 120_000 });
  test.use({ storageState: SIGNED_IN_STATE });
  let seeded = { document: '', event: '' };

  test.beforeAll(async ({ browser }) => {
    test.setTimeout(240_000);
    seeded = await signedInWithData(browser, SIGNED_IN_STATE);
  });

  for (const [template, screen] of APP_SCREENS) {
    test(`${screen} (${template})`, async ({ page }) => {
      const path = template.replace('{document}', seeded.document).replace('{event}', seeded.event);
      const apiWords = collectApiWords(page);
      await open(page, path);
      await check(page, apiWords, `${screen} (${path})`);
      const tabs = page.getByRole('main').getByRole('tab');
      for (let index = 1; index < (await tabs.count()); index += 1) {
        await tabs.nth(index).click();
        await check(page, apiWords, `${screen} (${path}), tab ${index + 1}`);
      }
    });
  }
});
