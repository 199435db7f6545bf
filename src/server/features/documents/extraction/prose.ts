import type { FieldName } from '../reading/types';
import type { Candidate } from './candidates';
import { parseDate } from './dates';
import type { Row } from './layout';
import { parseCertificateNumber, parseCertificateType, parseName, parseValue } from './values';

/**
 * Completion certificates are written as sentences, not forms: "This is to certify that JORDAN
 * ELLIS has successfully completed the Citation CJ3 Initial Pilot Training on March 3, 2024".
 */
const RECIPIENT =
  /(?<!\b(?:I|we)\s+)\b(?:certif(?:y|ies)\s+that|awarded\s+to|presented\s+to|issued\s+to|recogni[sz]es)\b[:,]?\s*(.*)$/i;
const RECIPIENT_END = /\s+(?:has|having|who|did|is|for)\b.*$/i;
const COMPLETED =
  /\b(?:has|having|who\s+has)\s+(?:been\s+)?(?:successfully\s+|satisfactorily\s+)*(?:completed|finished|passed)\b\s*(?:all\s+)?(?:the\s+)?(?:requirements\s+(?:of|for)\s+(?:the\s+)?)?(.*)$/i;
const COURSE_END =
  /\s+(?:on|at|in\s+accordance|conducted|this|as|under|given|administered)\b.*$|[.,;]\s*$/i;
const HELD_CERTIFICATE =
  /\b(airline transport pilot|atp|commercial pilot|private pilot|flight instructor)\s+certificate\s*(?:no\.?|number|#)\s*[:.]?\s*([A-Z]?\d[\d -]{5,12}\d)/i;

/** "Grace McAllister, Check Airman": a name followed by the role that gave the training or check. */
const NAME_WITH_ROLE = /\b([A-Z][a-zA-Z'’.-]+(?:\s+[A-Z][a-zA-Z'’.-]*){1,3}),\s*(.+)$/;
const ROLE =
  /^(?:check\s+airman|check\s+pilot|(?:training\s+center\s+|simulator\s+|flight\s+|ground\s+)?(?:evaluator|instructor)|examiner|tce)\b/i;
/** "Training was completed on Mar 20, 2021": the event's date, said in a sentence. */
const COMPLETED_ON =
  /\b(?:training|course|check|evaluation|event|it)\s+was\s+(?:successfully\s+|satisfactorily\s+)?(?:completed|conducted|given|held)\s+on\s+(.*)$/i;

/**
 * "The following crewmember completed the event below on February 13, 2025": the same said in
 * the active voice, a few words between the verb and the date. "Last completed on …" and
 * "previously completed on …" speak of an earlier event.
 */
const COMPLETED_ACTIVE =
  /(?<!\b(?:last|previous|prior|previously|most recently)\s+)\b(?:completed|conducted|passed|finished)\s+(?:[\w'’-]+\s+){0,5}?on\s+(.*)$/i;

function rowText(row: Row) {
  return row.spans.map((s) => s.text).join(' ');
}

function rowConfidence(row: Row) {
  return Math.min(...row.spans.map((s) => s.confidence));
}

/** A value read from a sentence, placed at the row where the sentence is. */
export function proseCandidate(
  field: FieldName,
  value: string,
  validity: number,
  row: Row,
  distance = 0,
): Candidate {
  return {
    field,
    value,
    validity,
    page: row.page,
    box: row.spans[0]?.box,
    relation: 'prose',
    labelStrength: 1,
    genericLabel: false,
    ocrConfidence: rowConfidence(row),
    distance,
  };
}

/** The text after a phrase, or the next line when the phrase ends its line. */
function followOn(rows: Row[], i: number, rest: string): { text: string; row: Row } | undefined {
  if (rest.trim()) return { text: rest.trim(), row: rows[i]! };
  // Skip specks and border marks read as a line of their own ("[J 1 [J").
  for (let j = i + 1; j <= i + 2; j++) {
    const next = rows[j];
    if (!next || next.page !== rows[i]!.page) return undefined;
    const text = rowText(next);
    if (/\p{L}{2}/u.test(text.replace(/\p{L}*[^\p{L}\s]\p{L}*/gu, ''))) return { text, row: next };
  }
  return undefined;
}

export function proseCandidates(rows: Row[]): Candidate[] {
  const out: Candidate[] = [];
  rows.forEach((row, i) => {
    const text = rowText(row);
    const recipient = RECIPIENT.exec(text);
    if (recipient) {
      const found = followOn(rows, i, recipient[1]!);
      const name = found && parseName(found.text.replace(RECIPIENT_END, ''));
      if (found && name)
        out.push(proseCandidate('studentName', name.value, name.validity, found.row));
    }
    const completed = COMPLETED.exec(text);
    if (completed) {
      const found = followOn(rows, i, completed[1]!.replace(/^(?:the|a|an)\b\s*/i, ''));
      if (found) {
        const course = parseValue(
          'courseName',
          found.text.replace(COURSE_END, ''),
          rowConfidence(found.row) < 1,
        );
        if (course)
          out.push({
            ...proseCandidate('courseName', course.value, course.validity, found.row),
            corrected: course.corrected,
          });
        // The completion date is written within the next few lines of the sentence.
        for (let j = rows.indexOf(found.row); j <= i + 3 && j < rows.length; j++) {
          if (rows[j]!.page !== row.page) break;
          const date = parseDate(rowText(rows[j]!), 'event');
          if (date) {
            out.push(
              proseCandidate('trainingDate', date.iso, date.ambiguous ? 0.8 : 1, rows[j]!, j - i),
            );
            break;
          }
        }
      }
    }
    const withRole = NAME_WITH_ROLE.exec(text);
    const instructor = withRole && ROLE.test(withRole[2]!) && parseName(withRole[1]!);
    if (instructor) {
      out.push(proseCandidate('instructorName', instructor.value, instructor.validity, row));
    }
    const completedOn = COMPLETED_ON.exec(text) ?? COMPLETED_ACTIVE.exec(text);
    const onDate = completedOn && parseDate(completedOn[1]!, 'event');
    if (onDate) {
      out.push(proseCandidate('trainingDate', onDate.iso, onDate.ambiguous ? 0.8 : 1, row));
    }
    // Within one span: a stray mark in the next column must not extend the number.
    const held = row.spans.map((s) => HELD_CERTIFICATE.exec(s.text)).find(Boolean);
    if (held) {
      const type = parseCertificateType(held[1]!);
      const number = parseCertificateNumber(held[2]!);
      if (type) out.push(proseCandidate('certificateType', type.value, type.validity, row));
      if (number) out.push(proseCandidate('licenseNumber', number.value, number.validity, row));
    }
  });
  return out;
}
