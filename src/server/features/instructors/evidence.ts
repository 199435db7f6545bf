import {
  QUALIFICATION_PARAGRAPHS,
  type QualificationKind,
  type QualificationProposal,
} from '@shared/api/instructors';
import { isCalendarDate } from '@shared/api/training-events';
import type { Database } from '../../db/client';
import type { Actor } from '../../http/actor';
import { notFound } from '../../http/errors';
import { documentsOf } from '../documents/repository';
import { nameKey } from './record-warnings';
import { instructorsOf } from './repository';

/**
 * The words of an event type, read in order: the first rule that matches names the kind. More
 * specific wordings come first ("pre-designation written test" before "written test").
 */
const KIND_RULES: readonly (readonly [RegExp, QualificationKind])[] = [
  [
    /\b(?:pre-?designation|initial)\b.*\b(?:written|knowledge)\s+(?:test|exam)/i,
    'pre_designation_test_142_47_c2',
  ],
  [
    /\b(?:pre-?designation|initial)\b.*\bground\b|\b(?:8|eight)[- ]hours?\b.*\bground\b/i,
    'pre_designation_ground_142_47_c1',
  ],
  [/\bdesignat(?:ion|ed)\b/i, 'designation_142_47_b'],
  [/\bline\s+observation\b/i, 'line_observation_142_53_b2'],
  [/\bin-?\s?flight\s+observation\b/i, 'inflight_observation_142_53_b3'],
  [/\bproficiency\s+check\b/i, 'proficiency_check_142_53_a7'],
  [/\b(?:written|knowledge)\s+(?:test|exam)/i, 'written_test_142_53_a7'],
  [/\b(?:demonstrat\w*|standardi[sz]ation)\b/i, 'instruction_demonstration_142_53_a1'],
  [
    /\b(?:simulator|ftd|fstd|flight training device|device)\b.*\b(?:training|operation|course)\b/i,
    'device_training_142_53_a3',
  ],
  [/\baircraft\b.*\b(?:ground and flight|flight) training\b/i, 'aircraft_training_142_53_a5'],
  [
    /\b(?:recurrent|annual)?\s*(?:instructor\s+)?ground\s+(?:school|course|training)\b/i,
    'recurrent_ground_142_53_a2',
  ],
];

export function kindFromWords(text: string): QualificationKind | null {
  return KIND_RULES.find(([re]) => re.test(text))?.[1] ?? null;
}

const NOT_PASSED =
  /\b(?:unsat\w*|fail\w*|incomplete|not\s+(?:passed|satisfactory|completed)|disapproved)\b/i;
const NAME_FIELDS = ['instructorName', 'studentName'];

/**
 * What a document evidences for a file, from its validated fields only: an unvalidated
 * document proposes nothing (its values are the extractor's guesses), and every mismatch is
 * said, not silently corrected.
 */
export async function proposeFromDocument(
  db: Database,
  actor: Actor,
  instructorId: string,
  documentId: string,
): Promise<QualificationProposal> {
  const file = await instructorsOf(db, actor.organizationId).find(instructorId);
  if (!file) throw notFound('Instructor file');
  const docs = documentsOf(db, actor.organizationId);
  const document = await docs.find(documentId);
  if (!document) throw notFound('Document');
  const base = {
    documentId,
    documentName: document.originalName,
    names: [] as string[],
    personMatches: false,
    kind: null,
    kindFrom: null,
    completedAt: null,
    course: null,
    result: null,
  };
  if (document.status !== 'validated') {
    return {
      ...base,
      validated: false,
      problems: [
        'The document’s fields are not validated yet: validate them on the document page, then attach it here.',
      ],
    };
  }
  const fields = (await docs.fields([documentId])).map((r) => r.field);
  const value = (name: string) =>
    fields
      .filter((f) => f.fieldName === name)
      .map((f) => (f.validatedValue ?? '').trim())
      .find(Boolean) ?? null;
  const names = NAME_FIELDS.flatMap((n) =>
    fields.filter((f) => f.fieldName === n).map((f) => (f.validatedValue ?? '').trim()),
  ).filter(Boolean);
  const personMatches = names.some((n) => nameKey(n) === nameKey(file.name));
  const eventType = value('eventType');
  const kind = eventType ? kindFromWords(eventType) : null;
  const date = value('trainingDate');
  const result = value('result');
  const course = value('courseName');

  const problems: string[] = [];
  if (!personMatches) {
    problems.push(
      names.length
        ? `The document names ${names.map((n) => `“${n}”`).join(', ')}, not ${file.name}.`
        : `The document names no instructor, evaluator or student, so it cannot be shown to be about ${file.name}.`,
    );
  }
  if (!eventType)
    problems.push('The document gives no event or check type: choose the kind by hand.');
  else if (!kind)
    problems.push(
      `“${eventType}” is not one of the qualifications a file records: choose the kind by hand.`,
    );
  if (!date) problems.push('The document gives no date: enter the date it was completed.');
  else if (!isCalendarDate(date))
    problems.push(`The date “${date}” is not written YYYY-MM-DD: enter it by hand.`);
  else if (date < file.employedFrom) {
    problems.push(`${date} is before ${file.name}’s employment began (${file.employedFrom}).`);
  }
  if (result && NOT_PASSED.test(result)) {
    problems.push(
      `The document records the result “${result}”: an event not passed does not complete ${kind ? QUALIFICATION_PARAGRAPHS[kind] : 'a requirement'}.`,
    );
  }
  return {
    ...base,
    validated: true,
    names,
    personMatches,
    kind,
    kindFrom: kind ? eventType : null,
    completedAt: date && isCalendarDate(date) ? date : null,
    course,
    result,
    problems,
  };
}
