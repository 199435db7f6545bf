import { describe, expect, it } from 'vitest';
import type { EvidenceQuote } from '@shared/api/audit';
import { admissibleWords, coverStaff, staffOnRecord, staffRoleOf } from './coverage';
import type { EventFacts } from './record-events';
import { CRITERIA } from './rules/criteria';
import type { CriterionEvidence, DocumentClass } from './rules/kinds';

const event = (instructor: string | null, evaluator: string | null = null): EventFacts => ({
  id: `${instructor}-${evaluator}`,
  studentName: 'Ana Ruiz',
  licenseNumber: null,
  course: 'CE-525 initial',
  eventType: 'Simulator session',
  eventDate: '2025-05-02',
  status: 'completed',
  result: 'Satisfactory',
  instructor,
  evaluator,
  remarks: null,
});
const quote = (documentId: string): EvidenceQuote => ({
  documentId,
  documentName: `${documentId}.pdf`,
  page: 1,
  excerpt: 'designated',
  source: 'retrieval',
});
const record: DocumentClass = {
  kind: 'instructor-record',
  confidence: 0.9,
  strongKinds: ['instructor-record'],
  provisional: null,
  person: null,
  promotional: false,
  adverse: [],
  breach: [],
};

describe('every instructor, read against the training records', () => {
  const criterion = CRITERIA.get('instructor-designation')!;
  const found: CriterionEvidence = { criterion, quotes: [quote('matrix')], partial: [] };
  const classes = new Map([['matrix', record]]);

  it('lists the staff the records name once each, by role', () => {
    const events = [event('Dana Reyes'), event('dana reyes'), event('Sam Ortiz', 'Lee Park')];
    expect(staffOnRecord(events, 'instructor')).toEqual(['dana reyes', 'Sam Ortiz']);
    expect(staffOnRecord(events, 'evaluator')).toEqual(['Lee Park']);
    expect(staffRoleOf('instructor')).toBe('instructor');
    expect(staffRoleOf('person')).toBeNull();
  });

  it('keeps the evidence when the records of people name everyone, by surname too', () => {
    const documents = [
      { id: 'matrix', text: 'D. Reyes — CE-525 initial. Captain Ortiz — recurrent.' },
    ];
    const covered = coverStaff(
      found,
      'instructor',
      ['Dana Reyes', 'Sam Ortiz'],
      admissibleWords(documents, classes),
    );
    expect(covered.quotes).toHaveLength(1);
  });

  it('shows the item only in part and names who is missing', () => {
    const documents = [
      { id: 'matrix', text: 'Dana Reyes — CE-525 initial, designated 2024-01-10.' },
    ];
    const partly = coverStaff(
      found,
      'instructor',
      ['Dana Reyes', 'Sam Ortiz', 'Kim Lo'],
      admissibleWords(documents, classes),
    );
    expect(partly.quotes).toEqual([]);
    expect(partly.partial).toEqual([quote('matrix')]);
    // "Lo" is too short to find safely: it is not held against the evidence.
    expect(partly.partialBecause).toBe(
      'no document that can show it names Sam Ortiz, who instructs in the training records',
    );
  });
});
