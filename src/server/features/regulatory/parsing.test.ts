import { describe, expect, it } from 'vitest';
import { referenceProblems } from '@shared/checklist/reference-validation';
import {
  allDataSections,
  buildPartXml,
  FIXTURE_SECTIONS,
  sectionsAsOf,
  versionsFor,
} from '../../test/ecfr-fixture';
import { diffParagraphs } from './diff';
import { MalformedXmlError, paragraphsOf, parsePartXml } from './ecfr-xml';
import { cites, mappedItemNumbers } from './mapping';

describe('eCFR XML to paragraph trees', () => {
  it('infers nested ids from single designators, letters after romans, and lead-in text', () => {
    const ids = paragraphsOf([
      'An applicant must show that—',
      '(a) First.',
      '(1) One.',
      '(i) Roman one.',
      '(ii) Roman two.',
      '(A) Capital.',
      '(2) Two.',
      '(b) Second.',
      '(c)(1) Combined designators.',
      'closing words of (c)(1).',
      '(h) Eighth.',
      '(1) Under h.',
      '(i) Roman under (h)(1).',
    ]).map((p) => p.id);
    expect(ids).toEqual([
      '',
      '(a)',
      '(a)(1)',
      '(a)(1)(i)',
      '(a)(1)(ii)',
      '(a)(1)(ii)(A)',
      '(a)(2)',
      '(b)',
      '(c)(1)',
      '(h)',
      '(h)(1)',
      '(h)(1)(i)',
    ]);
  });

  it('reads every section of the fixture, with ids that exist in Part 142', () => {
    const sections = parsePartXml(buildPartXml(allDataSections()));
    expect(sections.length).toBe(31);
    for (const s of sections) {
      for (const p of s.paragraphs.filter((x) => x.id)) {
        expect(referenceProblems(`${s.section}${p.id}`), `${s.section}${p.id}`).toEqual([]);
      }
    }
    const s53 = sections.find((s) => s.section === '142.53')!;
    expect(s53.name).toBe('Training center instructor training and testing requirements');
    expect(s53.paragraphs[0]).toMatchObject({ id: '(a)' });
  });

  it('refuses malformed XML and XML without sections', () => {
    expect(() => parsePartXml('<DIV5><DIV8 TYPE="SECTION" N="142.1"><P>(a) x</DIV8>')).toThrow(
      MalformedXmlError,
    );
    expect(() => parsePartXml('<DIV5 TYPE="PART"><HEAD>x</HEAD></DIV5>')).toThrow(
      'the XML holds no SECTION elements',
    );
  });
});

describe('changes mapped to checklist items', () => {
  it('a parent citation covers its children, not a sibling with a longer number', () => {
    expect(cites('(a)(1)', '(a)(1)(i)')).toBe(true);
    expect(cites('(a)(1)', '(a)(10)')).toBe(false);
    expect(cites(null, '(z)')).toBe(true);
    expect(cites('(a)(1)(i)', '(a)(1)')).toBe(false);
  });

  it('the fixture amendments touch the items that cite them', () => {
    const versions = versionsFor('amended');
    const parse = (date: string) =>
      new Map(parsePartXml(buildPartXml(sectionsAsOf(versions, date))).map((s) => [s.section, s]));
    const [v2017, v2025, v2026] = ['2017-01-03', '2025-01-21', '2026-10-01'].map(parse);
    const c47 = diffParagraphs(v2017!.get('142.47')!.paragraphs, v2025!.get('142.47')!.paragraphs);
    expect(
      mappedItemNumbers(
        '142.47',
        c47.map((c) => c.id),
      ),
    ).toEqual(['5-04']);
    const c53 = diffParagraphs(v2025!.get('142.53')!.paragraphs, v2026!.get('142.53')!.paragraphs);
    expect(
      mappedItemNumbers(
        '142.53',
        c53.map((c) => c.id),
      ),
    ).toEqual(['3-15', '5-09', '10-04']);
    expect(FIXTURE_SECTIONS.every((s) => v2026!.has(s))).toBe(true);
  });
});
