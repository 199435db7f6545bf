import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { COMPLIANCE_STATUS_LABELS, DOCUMENT_TYPE_LABELS, RISK_LABELS } from '@shared/api/audit';
import { EXTRACTED_FIELD_LABELS } from '@shared/api/fields';
import { QUALIFICATION_LABELS } from '@shared/api/instructors';
import { LANGUAGES } from '@shared/api/preferences';
import { STATUS_LABELS } from '@shared/checklist/types';
import { ROLE_LABELS } from '@shared/constants/roles';
import {
  flattenCatalogue,
  placeholdersOf,
  PLURAL_SUFFIX,
  pluralBase,
} from '@shared/i18n/catalogue-tree';
import { NAMESPACES, textFor } from './index';

/**
 * The server's catalogues are complete: every language has exactly the keys of English, with
 * the same placeholders and every plural form its grammar needs, no empty text, and Spanish and
 * French are translations; English agrees with the labels the screens use; every literal key
 * the server's code asks for exists.
 */
const here = fileURLToPath(new URL('.', import.meta.url));
const serverRoot = join(here, '..');
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
const base = pluralBase;
const pluralForms = (language: string) =>
  [...new Intl.PluralRules(language).resolvedOptions().pluralCategories].sort();

const english = new Map(namespacesOf('en').map((ns) => [ns, catalogue('en', ns)]));

describe('the server catalogues', () => {
  it('are the namespaces the module loads, in every language', () => {
    expect(namespacesOf('en')).toEqual([...NAMESPACES].sort());
    for (const language of LANGUAGES) expect(namespacesOf(language)).toEqual(namespacesOf('en'));
  });

  for (const language of LANGUAGES) {
    it.each([...english.keys()])(
      `${language}/%s: the keys of English, placeholders kept, plurals whole, nothing empty`,
      (namespace) => {
        const own = catalogue(language, namespace);
        const en = english.get(namespace)!;
        const problems: string[] = [];
        // Plain keys exactly as English; plural keys with exactly the forms of the language.
        const forms = pluralForms(language);
        const expected = new Set<string>();
        for (const key of en.keys()) {
          if (PLURAL.test(key)) for (const f of forms) expected.add(`${base(key)}_${f}`);
          else expected.add(key);
        }
        expect([...own.keys()].sort(), `${language}/${namespace}.json keys`).toEqual(
          [...expected].sort(),
        );
        for (const [key, text] of own) {
          if (!text.trim()) problems.push(`${key}: empty`);
          const reference = en.get(key) ?? en.get(`${base(key)}_other`)!;
          if (placeholders(text).join() !== placeholders(reference).join()) {
            problems.push(
              `${key}: placeholders ${placeholders(text)} vs ${placeholders(reference)}`,
            );
          }
        }
        expect(problems).toEqual([]);
      },
    );
  }

  it('English plural keys have the forms English needs (_one and _other)', () => {
    for (const [namespace, en] of english) {
      for (const key of en.keys()) {
        if (!PLURAL.test(key)) continue;
        expect(key, `${namespace}: ${key}`).toMatch(/_(one|other)$/);
      }
    }
    expect(pluralForms('en')).toEqual(['one', 'other']);
    expect(pluralForms('es')).toEqual(['many', 'one', 'other']);
    expect(pluralForms('fr')).toEqual(['many', 'one', 'other']);
  });

  it.each(['es', 'fr'])('%s is a translation, not a copy of English', (language) => {
    let same = 0;
    let total = 0;
    const copies: string[] = [];
    for (const [namespace, en] of english) {
      const own = catalogue(language, namespace);
      for (const [key, text] of en) {
        total += 1;
        if (own.get(key) === text) {
          same += 1;
          copies.push(`${namespace}:${key}`);
        }
      }
      // No namespace is left in English.
      expect(
        [...en].filter(([key, text]) => own.get(key) !== text).length,
        `${language}/${namespace}`,
      ).toBeGreaterThan(0);
    }
    // Names and short words (Description, Document, Manual) are the same in several languages.
    expect(same / total, copies.join(', ')).toBeLessThan(0.1);
  });

  it('English says what the screens say for the same labels', () => {
    const en = (namespace: (typeof NAMESPACES)[number], key: string) =>
      textFor('en', namespace)(key);
    for (const [status, label] of Object.entries(STATUS_LABELS))
      expect(en('checklist-report', `statuses.${status}`)).toBe(label);
    for (const [status, label] of Object.entries(COMPLIANCE_STATUS_LABELS))
      expect(en('audit-report', `statuses.${status}`)).toBe(label);
    for (const [risk, label] of Object.entries(RISK_LABELS))
      expect(en('audit-report', `risks.${risk}`)).toBe(`${label} risk`);
    for (const [role, label] of Object.entries(ROLE_LABELS))
      expect(en('mail', `roles.${role}`)).toBe(label);
    for (const [kind, label] of Object.entries(QUALIFICATION_LABELS))
      expect(en('instructor-file', `labels.${kind}`)).toBe(label);
    for (const [type, label] of Object.entries(DOCUMENT_TYPE_LABELS))
      expect(en('document-review', `documentTypes.${type}`)).toBe(label);
    for (const [field, label] of Object.entries(EXTRACTED_FIELD_LABELS))
      expect(en('document-review', `fields.${field}`)).toBe(label);
  });

  it('writes numbers as each language does', () => {
    const t = (language: (typeof LANGUAGES)[number]) => textFor(language, 'checklist-report');
    expect(t('en')('summary.reviewed', { count: 1234, total: 5000, percent: 42 })).toBe(
      '1234 of 5000 reviewed (42%)',
    );
    expect(t('fr')('summary.reviewed', { count: 12345, total: 20000, percent: 42 })).toBe(
      '12\u00a0345 sur 20\u00a0000 examinés (42\u00a0%)',
    );
    expect(t('es')('summary.reviewed', { count: 1, total: 12345, percent: 5 })).toBe(
      '1 de 12.345 revisado (5\u00a0%)',
    );
  });
});

/** Every source file of the server, tests and test helpers left out. */
function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'test' ? [] : sources(path);
    return name.endsWith('.ts') && !name.endsWith('.test.ts') ? [path] : [];
  });
}

describe('the server code', () => {
  it('asks only for keys the English catalogues hold', () => {
    const missing: string[] = [];
    for (const file of sources(serverRoot)) {
      const code = readFileSync(file, 'utf8');
      const declared = [...code.matchAll(/(?:textFor|readerText)\([^,()]+,\s*'([\w-]+)'\)/g)].map(
        (m) => m[1]!,
      );
      // notify({ text: (t) => … }): `t` reads the notifications catalogue.
      if (/\btext: \(t[,)]/.test(code)) declared.push('notifications');
      if (declared.length === 0) continue;
      for (const [, key] of code.matchAll(/\bt\(\s*'([^'$`]+)'/g)) {
        const found = declared.some((ns) => {
          const en = english.get(ns);
          return en && (en.has(key!) || en.has(`${key}_other`) || en.has(`${key}_one`));
        });
        if (!found) missing.push(`${relative(serverRoot, file)}: ${key} (${declared.join(', ')})`);
      }
    }
    expect(missing).toEqual([]);
  });
});
