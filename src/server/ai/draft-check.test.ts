import { describe, expect, it } from 'vitest';
import { draftProblem, inventedCitations } from './draft-check';

const context = { documentNames: ['FFS Discrepancy Log.pdf'], mustCiteEvidence: true };
const good =
  'Compliant. The FFS Discrepancy Log.pdf (page 1) records each discrepancy after each session, as 14 CFR 142.59(c)(4) requires.';

describe('draft checks', () => {
  it('accept a draft that quotes the evidence and cites existing paragraphs', () => {
    expect(draftProblem(good, context)).toBeNull();
    expect(inventedCitations('See § 142.73(a)(5) and 142.13(b), and V3 C54.')).toEqual([]);
  });

  it('reject invented paragraphs, other parts and unknown 8900.1 references', () => {
    expect(inventedCitations('142.59(c)(9), 142.99, 61.57(c) and V3 C54 S9 P3-9999')).toEqual([
      '142.59(c)(9)',
      '142.99',
      '61.57(c)',
      'V3 C54 S9 P3-9999',
    ]);
    expect(draftProblem(good.replace('142.59(c)(4)', '142.59(c)(9)'), context)).toMatch(
      /cites 142\.59\(c\)\(9\)/,
    );
  });

  it('reject nonsense, documents that were not retrieved, and drafts that ignore the evidence', () => {
    expect(draftProblem('#### ### 12345 ?? !!', context)).toBe('answer too short');
    expect(
      draftProblem('1234 5678 9012 3456 7890 1234 5678 9012 3456 7890 1234 5678', context),
    ).toBe('answer is not prose');
    expect(
      draftProblem(good.replace('FFS Discrepancy Log.pdf', 'Maintenance Program.pdf'), context),
    ).toMatch(/Maintenance Program\.pdf, which is not among the retrieved documents/);
    expect(
      draftProblem(
        'Compliant. The records show each discrepancy is corrected before the device is used again.',
        context,
      ),
    ).toBe('does not cite the retrieved evidence');
  });
});
