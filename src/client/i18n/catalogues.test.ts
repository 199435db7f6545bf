import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '@shared/api/preferences';
import {
  flattenCatalogue,
  placeholdersOf,
  PLURAL_SUFFIX,
  pluralBase,
} from '@shared/i18n/catalogue-tree';

/**
 * The catalogues are complete: every language has every key of English with the same
 * placeholders and every plural form its grammar needs, and every key the code asks for exists.
 * The end-to-end suite's pseudo-locale pass finds text drawn from no catalogue at all.
 */
// The suite runs from the repository's root (jsdom gives this module no file: URL).
const clientRoot = join(process.cwd(), 'src', 'client');
const here = join(clientRoot, 'i18n');
const PLURAL = PLURAL_SUFFIX;
const flatten = flattenCatalogue;

const catalogue = (language: string, namespace: string) =>
  flatten(JSON.parse(readFileSync(join(here, 'locales', language, `${namespace}.json`), 'utf8')));
const namespacesOf = (language: string) =>
  readdirSync(join(here, 'locales', language))
    .filter((f) => f.endsWith('.json'))
    .map((f) => f.slice(0, -5))
    .sort();
const placeholders = placeholdersOf;
const tags = (text: string) => [...text.matchAll(/<\/?(\w+)\s*\/?>/g)].map((m) => m[0]).sort();
const base = pluralBase;

const english = new Map(namespacesOf('en').map((ns) => [ns, catalogue('en', ns)]));

describe('the catalogues', () => {
  it.each(LANGUAGES.filter((l) => l !== 'en'))('%s has every namespace of English', (language) => {
    expect(namespacesOf(language)).toEqual(namespacesOf('en'));
  });

  for (const language of LANGUAGES) {
    describe(language, () => {
      const categories = new Intl.PluralRules(language).resolvedOptions().pluralCategories;
      it.each([...english.keys()])(
        '%s: same keys as English, placeholders kept, plurals whole',
        (namespace) => {
          const own = catalogue(language, namespace);
          const ours = [...new Set([...own.keys()].map(base))].sort();
          const theirs = [...new Set([...english.get(namespace)!.keys()].map(base))].sort();
          expect(ours, `${language}/${namespace}.json keys`).toEqual(theirs);
          const problems: string[] = [];
          for (const [key, text] of own) {
            if (!text.trim()) problems.push(`${key}: empty`);
            const en = english.get(namespace)!;
            const reference = en.get(key) ?? en.get(`${base(key)}_other`) ?? en.get(base(key));
            if (reference !== undefined) {
              if (placeholders(text).join() !== placeholders(reference).join())
                problems.push(
                  `${key}: placeholders ${placeholders(text)} vs ${placeholders(reference)}`,
                );
              if (tags(text).join() !== tags(reference).join())
                problems.push(`${key}: markup ${tags(text)} vs ${tags(reference)}`);
            }
          }
          for (const key of new Set([...own.keys()].filter((k) => PLURAL.test(k)).map(base))) {
            for (const category of categories) {
              if (!own.has(`${key}_${category}`))
                problems.push(`${key}_${category}: missing plural form`);
            }
          }
          expect(problems).toEqual([]);
        },
      );
    });
  }

  it.each(['es', 'fr'])('%s is a translation, not a copy of English', (language) => {
    let same = 0;
    let total = 0;
    for (const [namespace, en] of english) {
      const own = catalogue(language, namespace);
      for (const [key, text] of en) {
        total += 1;
        if (own.get(key) === text) same += 1;
      }
    }
    // Names, codes and short words (Documents, Total, Email) are the same in several languages.
    expect(same / Math.max(total, 1)).toBeLessThan(0.15);
  });
});

/** Every source file of the client, tests left out. */
function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'test' ? [] : sources(path);
    return /\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

describe('the code', () => {
  it('asks only for keys the English catalogues hold', () => {
    const missing: string[] = [];
    for (const file of sources(clientRoot)) {
      const code = readFileSync(file, 'utf8');
      const declared = [
        ...code.matchAll(
          /(?:useTranslation|usePublicText|getFixedT\([^,]*,)\(?\s*\[?\s*'([\w-]+)'/g,
        ),
      ].map((m) => m[1] ?? '');
      const fallbackNamespace = declared[0] ?? 'common';
      const asked = [
        ...code.matchAll(/\bt\(\s*'([^'$]+)'/g),
        ...code.matchAll(/i18nKey="([^"]+)"/g),
      ].map((m) => m[1] ?? '');
      for (const whole of asked) {
        const [namespace, key] = whole.includes(':')
          ? (whole.split(':', 2) as [string, string])
          : [fallbackNamespace, whole];
        // The public pages' namespace is two files (the landing page's text, the others').
        const files = namespace === 'marketing' ? ['marketing', 'marketing-pages'] : [namespace];
        const found = files.some((file) => {
          const en = english.get(file);
          return en && (en.has(key) || en.has(`${key}_other`) || en.has(`${key}_one`));
        });
        if (!found) missing.push(`${relative(clientRoot, file)}: ${namespace}:${key}`);
      }
    }
    expect(missing).toEqual([]);
  });
});
