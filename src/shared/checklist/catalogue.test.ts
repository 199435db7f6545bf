import { describe, expect, it } from 'vitest';
import sections from './data/part142-sections.json';
import { CHECKLIST_AREAS, CHECKLIST_TOTAL_ITEMS } from './areas';
import { CURRENT_CATALOGUE, normaliseQuestion } from './catalogue';
import { referenceProblems } from './reference-validation';
import { parseReference, referenceLinks } from './references';

const items = CURRENT_CATALOGUE.items;

describe('the Part 142 catalogue', () => {
  it('has the spec’s count in every area and 200 in all', () => {
    const counts = Object.fromEntries(
      CHECKLIST_AREAS.map((a) => [a.id, items.filter((i) => i.areaId === a.id).length]),
    );
    expect(counts).toEqual({
      area1: 38,
      area2: 15,
      area3: 20,
      area4: 20,
      area5: 20,
      area6: 18,
      area7: 16,
      area8: 17,
      area9: 16,
      area10: 20,
    });
    expect(items).toHaveLength(200);
    expect(CHECKLIST_TOTAL_ITEMS).toBe(200);
  });

  it('numbers items uniquely, in their area, in order', () => {
    const numbers = items.map((i) => i.number);
    expect(new Set(numbers).size).toBe(numbers.length);
    for (const item of items) {
      expect(item.number).toMatch(/^\d{1,2}-\d{2}(-\d+)?$/);
      expect(`area${item.number.split('-')[0]}`).toBe(item.areaId);
    }
  });

  it('asks no question twice, and every item is a question', () => {
    const seen = new Map<string, string>();
    for (const item of items) {
      const key = normaliseQuestion(item.description);
      expect(seen.get(key), `${item.number} repeats ${seen.get(key)}`).toBeUndefined();
      seen.set(key, item.number);
      expect(item.description.trim().endsWith('?'), item.number).toBe(true);
    }
  });

  it('cites only paragraphs that exist in Part 142 and 8900.1 references we can vouch for', () => {
    const problems = items.flatMap((i) =>
      referenceProblems(i.reference).map((p) => `${i.number}: ${p}`),
    );
    expect(problems).toEqual([]);
  });

  it('covers every section of Part 142 an inspector looks at', () => {
    const cited = new Set(
      items.flatMap((i) =>
        parseReference(i.reference).flatMap((p) => (p.kind === 'cfr' ? [p.section] : [])),
      ),
    );
    const expected = (sections as { section: string; title: string }[])
      .filter((s) => s.title !== '[Reserved]')
      .map((s) => s.section);
    expect(expected.filter((s) => !cited.has(s))).toEqual([]);
    // The issue names these explicitly.
    const refs = items.map((i) => i.reference).join(' ');
    expect(refs).toContain('142.59(c)(3)');
    expect(refs).toContain('142.59(c)(4)');
    expect(refs).toContain('142.73(c)(1)');
    expect(refs).toContain('142.73(c)(2)');
    expect(refs).toContain('142.73(d)');
  });

  it('keeps the five known items of the FAA job aid with their references', () => {
    const byNumber = new Map(items.map((i) => [i.number, i]));
    expect(byNumber.get('1-01')?.reference).toBe('142.11(e), V2 C10 S1 P2-1153');
    expect(byNumber.get('1-01')?.description).toMatch(
      /revocation.*121, 125, 135, 141 or 142.*5 years/,
    );
    expect(byNumber.get('1-02')?.reference).toBe('142.13(a), V3 C54 S1 P3-4336');
    expect(byNumber.get('1-02')?.description).toMatch(/sufficient number of instructors/);
    expect(byNumber.get('1-03')?.reference).toBe('142.13(b), V3 C54 S2 P3-4355');
    expect(byNumber.get('1-03')?.description).toMatch(/evaluators.*7 calendar days/);
    expect(byNumber.get('1-04')?.reference).toBe('142.17(a)(2), V3 C54 S1 P3-4334');
    expect(byNumber.get('1-04')?.description).toMatch(/satellite.*principal training center/);
    expect(byNumber.get('1-05')?.reference).toBe('142.13(d), V3 C54 S2 P3-4354');
    expect(byNumber.get('1-05')?.description).toMatch(/English language/);
  });

  it('links every Part 142 citation to its eCFR page under subchapter H', () => {
    for (const item of items) {
      for (const link of referenceLinks(item.reference)) {
        expect(link.href, `${item.number} ${link.text}`).not.toBeNull();
        if (link.kind === 'cfr') {
          expect(link.href).toMatch(
            /^https:\/\/www\.ecfr\.gov\/current\/title-14\/chapter-I\/subchapter-H\/part-142\/section-142\.\d+$/,
          );
        }
      }
    }
  });
});

describe('the reference validator', () => {
  // Ids a public "Part 142 Compliance Checklist" cites that do not exist (part142-paragraphs.md).
  const NOT_IN_PART_142 = [
    '142.5(c)',
    '142.5(e)',
    '142.35(a)',
    '142.35(t)',
    '142.39(m)',
    '142.71(a)',
    '142.49(d)',
    '142.15(e)',
    '142.11(d)(3)',
    '142.47(d)',
    '142.17(c)',
    '142.39(b)(1)',
  ];

  it.each(NOT_IN_PART_142)('rejects %s', (reference) => {
    expect(referenceProblems(reference)).toEqual([`${reference} does not exist in Part 142`]);
  });

  it('rejects reserved sections, unknown sections and invented 8900.1 paragraphs', () => {
    expect(referenceProblems('142.21')).toEqual(['§ 142.21 is not a section of Part 142']);
    expect(referenceProblems('142.51')).toEqual(['§ 142.51 is reserved']);
    expect(referenceProblems('142.99(a)')).toEqual(['§ 142.99 is not a section of Part 142']);
    expect(referenceProblems('V3 C54 S1 P3-9999')).toHaveLength(1);
    expect(referenceProblems('Part 142 generally')).toHaveLength(1);
    expect(referenceProblems('')).toEqual(['The reference is empty']);
  });

  it('accepts sections cited alone, deeper ids and the known 8900.1 references', () => {
    for (const ok of [
      '142.29',
      '142.35',
      '142.45',
      '142.61',
      '142.71',
      '142.3',
      '142.11(d)(2)(iv)',
      '142.47(a)(5)(ii)(A)',
      '142.49(c)(3)(v)',
      '14 CFR 142.73(c)(2)',
      'V3 C54',
      '142.13(b), V3 C54 S2 P3-4355',
    ]) {
      expect(referenceProblems(ok), ok).toEqual([]);
    }
  });
});
