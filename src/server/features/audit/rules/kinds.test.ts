import { describe, expect, it } from 'vitest';
import { DOCUMENT_TYPES, type DocumentType } from '@shared/api/audit';
import { CURRENT_CATALOGUE } from '@shared/checklist/catalogue';
import { CRITERIA } from './criteria';
import { criteriaOf, ruleGroupOf } from './groups';
import { MIN_KIND_CONFIDENCE, standingOf } from './kinds';

/** Kinds that describe one trainee: they can show what a trainee's record holds, nothing else. */
const TRAINEE_KINDS: readonly DocumentType[] = ['training-record', 'grade-sheet'];

describe('the evidence standard', () => {
  it('names, for every criterion, the document kinds that can satisfy it', () => {
    for (const c of CRITERIA.values()) {
      expect(c.kinds.length, `${c.id} admits no kind`).toBeGreaterThan(0);
      for (const kind of [...c.kinds, ...(c.partial?.kinds ?? [])]) {
        expect(DOCUMENT_TYPES, `${c.id}: ${kind}`).toContain(kind);
      }
      if (c.partial) {
        expect(c.partial.kinds.length, `${c.id}: partial without kinds`).toBeGreaterThan(0);
        expect(c.partial.because, `${c.id}: partial without a reason`).not.toBe('');
        for (const kind of c.partial.kinds) expect(c.kinds, `${c.id}: ${kind}`).not.toContain(kind);
      }
    }
  });

  it('lets trainee records satisfy only the items about what trainee records hold', () => {
    const traineeRecordItems = new Set(['8-02', '8-03', '8-04', '8-05', '8-06', '8-07', '8-08']);
    for (const item of CURRENT_CATALOGUE.items) {
      const group = ruleGroupOf(item.number)!;
      for (const id of criteriaOf(group, item.number)) {
        const admitsTrainee = CRITERIA.get(id)!.kinds.some((k) => TRAINEE_KINDS.includes(k));
        if (admitsTrainee) {
          expect(traineeRecordItems, `${item.number} takes ${id} from trainee records`).toContain(
            item.number,
          );
        }
      }
    }
  });

  it('counts a page only from an admissible kind classified with enough confidence', () => {
    const preflight = CRITERIA.get('preflight')!;
    expect(standingOf(preflight, { kind: 'fstd-record', confidence: 0.9 })).toBe('full');
    expect(standingOf(preflight, { kind: 'manual', confidence: 0.9 })).toBe('partial');
    expect(standingOf(preflight, { kind: 'training-record', confidence: 0.95 })).toBe('aside');
    expect(
      standingOf(preflight, { kind: 'fstd-record', confidence: MIN_KIND_CONFIDENCE - 0.01 }),
    ).toBe('aside');
    expect(standingOf(preflight, undefined)).toBe('aside');
  });
});
