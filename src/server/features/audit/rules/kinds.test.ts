import { describe, expect, it } from 'vitest';
import { DOCUMENT_TYPES, type DocumentType } from '@shared/api/audit';
import { CURRENT_CATALOGUE } from '@shared/checklist/catalogue';
import { CRITERIA } from './criteria';
import { criteriaOf, ruleGroupOf } from './groups';
import {
  everyPersonOf,
  MIN_KIND_CONFIDENCE,
  partlyBecause,
  standingOf,
  type DocumentClass,
} from './kinds';

const doc = (
  kind: DocumentType,
  confidence: number,
  more: Partial<DocumentClass> = {},
): DocumentClass => ({
  kind,
  confidence,
  strongKinds: [],
  provisional: null,
  person: null,
  promotional: false,
  adverse: [],
  breach: [],
  ...more,
});

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
    expect(standingOf(preflight, doc('fstd-record', 0.9))).toBe('full');
    expect(standingOf(preflight, doc('manual', 0.9))).toBe('partial');
    expect(standingOf(preflight, doc('training-record', 0.95))).toBe('aside');
    expect(standingOf(preflight, doc('fstd-record', MIN_KIND_CONFIDENCE - 0.01))).toBe('aside');
    expect(standingOf(preflight, undefined)).toBe('aside');
  });

  it('counts every kind a document shows strongly, whatever its margin over the others', () => {
    const preflight = CRITERIA.get('preflight')!;
    // A procedure with its log: classified a manual by a hair, and a simulator record as well.
    const both = doc('manual', 0.3, { strongKinds: ['manual', 'fstd-record'] });
    expect(standingOf(preflight, both)).toBe('full');
    expect(standingOf(preflight, doc('manual', 0.3, { strongKinds: ['manual'] }))).toBe('partial');
  });

  it('never lets a draft, a blank form or a pending approval prove anything', () => {
    const preflight = CRITERIA.get('preflight')!;
    const blank = doc('fstd-record', 0.95, { provisional: 'a blank form or template' });
    expect(standingOf(preflight, blank)).toBe('aside');
  });

  it('sets advertising aside except where the rule is about advertising', () => {
    const brochure = doc('syllabus-curriculum', 0.9, { promotional: true });
    expect(standingOf(CRITERIA.get('syllabus')!, brochure)).toBe('aside');
    expect(standingOf(CRITERIA.get('advertising')!, doc('other', 0.8, { promotional: true }))).toBe(
      'full',
    );
  });

  it('takes a document about one person as part of an item about every instructor', () => {
    expect(
      everyPersonOf('Is every instructor designated in writing for each approved course?'),
    ).toBe('instructor');
    expect(everyPersonOf('Does the center have sufficient designated evaluators?')).toBe(
      'evaluator',
    );
    // Trainees are read from the training records, all of them.
    expect(everyPersonOf("Does each trainee's record show the trainee's name?")).toBeNull();
    const designation = CRITERIA.get('instructor-designation')!;
    const letter = doc('instructor-record', 0.9, { person: 'R. Okafor' });
    expect(standingOf(designation, letter, 'instructor')).toBe('partial');
    expect(partlyBecause(designation, letter, 'instructor')).toBe(
      'it is about R. Okafor alone, and the item asks about every instructor',
    );
    expect(standingOf(designation, letter, null)).toBe('full');
    expect(standingOf(designation, doc('instructor-record', 0.9), 'instructor')).toBe('full');
  });

  it('takes a log that records entries not done as required only as part of the proof', () => {
    const preflight = CRITERIA.get('preflight')!;
    const log = doc('fstd-record', 0.9, { adverse: ['overdue', 'fail'] });
    expect(standingOf(preflight, log)).toBe('partial');
    expect(partlyBecause(preflight, log, null)).toBe(
      'it records something not done as required (“overdue”, “fail”); whether each was put right is for a person to read',
    );
    // A procedure that speaks of failures is not a record of one.
    const procedure = doc('manual', 0.9, { adverse: ['overdue'] });
    expect(standingOf(CRITERIA.get('quality-control')!, procedure)).toBe('full');
  });

  it('takes a document of any kind that says something required was not done only in part', () => {
    const memo = doc('manual', 0.9, { breach: ['was cut', 'stop using'] });
    expect(standingOf(CRITERIA.get('quality-control')!, memo)).toBe('partial');
    expect(partlyBecause(CRITERIA.get('quality-control')!, memo, null)).toMatch(
      /^it records something not done as required \(“was cut”, “stop using”\)/,
    );
  });
});
