import { describe, expect, it } from 'vitest';
import { formatReference, parseReference, parseReferencePart, referenceLinks } from './references';

describe('parseReference', () => {
  it('splits a job-aid reference into a Part 142 citation and an 8900.1 reference', () => {
    expect(parseReference('142.13(a), V3 C54 S1 P3-4336')).toEqual([
      { kind: 'cfr', text: '142.13(a)', section: '142.13', paragraph: '(a)' },
      {
        kind: 'order8900',
        text: 'V3 C54 S1 P3-4336',
        volume: 3,
        chapter: 54,
        section: 1,
        paragraph: '3-4336',
      },
    ]);
  });

  it('reads sections, nested paragraphs, a 14 CFR or § prefix and chapter-level 8900.1', () => {
    expect(parseReferencePart('142.29')).toMatchObject({ section: '142.29', paragraph: null });
    expect(parseReferencePart('142.47(a)(5)(ii)(A)')).toMatchObject({
      section: '142.47',
      paragraph: '(a)(5)(ii)(A)',
    });
    expect(parseReferencePart('14 CFR 142.73(c)(1)')).toMatchObject({
      section: '142.73',
      paragraph: '(c)(1)',
    });
    expect(parseReferencePart('§ 142.15(d)')).toMatchObject({ section: '142.15' });
    expect(parseReferencePart('V3 C54')).toMatchObject({
      kind: 'order8900',
      volume: 3,
      chapter: 54,
      section: null,
      paragraph: null,
    });
  });

  it('keeps what it cannot read as unknown text, and drops empty parts', () => {
    expect(parseReference('142.13(a);; AC 120-54, ')).toEqual([
      { kind: 'cfr', text: '142.13(a)', section: '142.13', paragraph: '(a)' },
      { kind: 'unknown', text: 'AC 120-54' },
    ]);
    expect(parseReferencePart('142.13a').kind).toBe('unknown');
    expect(parseReferencePart('61.56(c)').kind).toBe('unknown');
  });
});

describe('referenceLinks', () => {
  it('links a Part 142 citation to its section page on the eCFR (subchapter H)', () => {
    expect(referenceLinks('142.59(c)(4)')).toEqual([
      {
        kind: 'cfr',
        text: '142.59(c)(4)',
        href: 'https://www.ecfr.gov/current/title-14/chapter-I/subchapter-H/part-142/section-142.59',
        title: '14 CFR 142.59 on the eCFR',
      },
    ]);
  });

  it('links an 8900.1 reference to its volume, chapter and section on the FAA site', () => {
    const [link] = referenceLinks('V3 C54 S2 P3-4355');
    expect(link?.href).toBe('https://fsims.faa.gov/PICDetail.aspx?docId=8900.1,Vol.3,Ch54,Sec2');
    expect(link?.title).toBe('FAA Order 8900.1 Volume 3, Chapter 54, Section 2');
    expect(referenceLinks('V3 C54')[0]?.href).toBe(
      'https://fsims.faa.gov/PICDetail.aspx?docId=8900.1,Vol.3,Ch54',
    );
  });

  it('leaves unknown text unlinked', () => {
    expect(referenceLinks('see manual')[0]).toMatchObject({ href: null, kind: 'unknown' });
  });
});

describe('formatReference', () => {
  it("shows Part 142 citations after '14 CFR' and 8900.1 references after the order's name", () => {
    expect(formatReference('142.11(e), V2 C10 S1 P2-1153')).toBe(
      '14 CFR 142.11(e); FAA Order 8900.1 V2 C10 S1 P2-1153',
    );
    expect(formatReference('142.9(b)(1), 142.9(b)(2)')).toBe('14 CFR 142.9(b)(1), 142.9(b)(2)');
  });
});
