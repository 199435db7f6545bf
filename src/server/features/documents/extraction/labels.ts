import type { FieldName } from '../reading/types';

/** A comma-separated list (entries may wrap across lines), so that long lists stay compact. */
const list = (text: string) =>
  text
    .split(',')
    .map((w) => w.replace(/\s+/g, ' ').trim())
    .filter(Boolean);

/**
 * The label wordings seen on Part 142 paperwork: training records, 8710-1-style applications,
 * check and grade sheets, completion certificates, instructor records. A label may point at
 * several fields; the value decides (e.g. "Certificate: Commercial Pilot" is a grade, "Certificate:
 * 3456789" a number). Labels of other things are listed too so that their values are not taken
 * for ours, and so that "Instructor Certificate No." is never read as the student's number.
 */
const FIELD_LABELS: Record<FieldName, string[]> = {
  studentName: list(`
    student name, student, name, trainee, trainee name, applicant, applicant name, name of
    applicant, pilot, pilot name, name of pilot, crewmember, crewmember name, crew member, crew
    member name, candidate, candidate name, name of student, name of trainee, full name,
    participant, participant name, airman name, name of airman, airman, student full name,
    trainee full name, pilot in training
  `),
  licenseNumber: list(`
    certificate no, cert no, certificate, airman certificate, airman certificate no, airman cert
    no, pilot certificate no, pilot cert no, pilot certificate, faa certificate no, faa
    certificate, faa cert no, license no, license, pilot license no, pilot license, faa license
    no, certificate license no, airman no, student certificate no, trainee certificate no,
    applicant certificate no, student pilot certificate no, certificate held no, pilot
    certificate held no
  `),
  certificateType: list(`
    certificate type, type of certificate, certificate grade, grade of certificate, certificate
    held, certificate level, pilot certificate type, pilot certificate held, certificate sought,
    certificate applied for, grade, certificate, license type, type of license, pilot
    certificate grade, pilot certificate, highest certificate held, certificate grade held,
    current certificate, type of pilot certificate, grade of pilot certificate held, grade of
    pilot certificate, grade of certificate held
  `),
  dateOfBirth: list(`
    date of birth, dob, birth date, birthdate, born, date born
  `),
  address: list(`
    address, mailing address, home address, street address, residential address, permanent
    address, permanent mailing address, residence, addr, student address, trainee address,
    applicant address, address of record
  `),
  instructorName: list(`
    instructor, instructor name, name of instructor, flight instructor, cfi, ground instructor,
    evaluator, evaluator name, check airman, examiner, tce, training center evaluator,
    instructor evaluator, authorized instructor, instructor of record, sim instructor, simulator
    instructor, check instructor, lead instructor, aircrew program designee, apd, instructor
    evaluator name, recommending instructor, examiner name, conducted by, instructed by
  `),
  courseName: list(`
    course, course name, course title, curriculum, curriculum name, training program, training
    course, program, course of training, training curriculum, training program name, course
    curriculum, course completed, curriculum title, approved course, training program title,
    curriculum from which graduated, name of curriculum, curriculum completed
  `),
  trainingDate: list(`
    date, training date, completion date, date of training, date completed, completed on, date
    of completion, event date, check date, date of check, date of event, session date, course
    date, date of course, test date, date of test, checkride date, evaluation date, date of
    evaluation, date trained, training completed, completed, course completion date, training
    completion date, date of practical test
  `),
  eventType: list(`
    event, event type, type of training, training type, type of event, check type, type of
    check, training event, event category, training category, type, purpose of check, reason for
    training, type of training event, kind of training, training event type, type of evaluation, phase, training phase, phase of training, stage,
    stage of training
  `),
  result: list(`
    result, overall result, overall grade, final grade, grade, outcome, evaluation result, check
    result, test result, result of check, result of test, disposition, overall evaluation,
    overall performance, final result, score, final score, training result, result of
    evaluation, evaluation outcome
  `),
};

const OTHER_LABELS = list(`
    signature, instructor signature, student signature, trainee signature, evaluator signature,
    applicant signature, examiner signature, signed, remarks,
    comments, notes, aircraft, aircraft type, make and model, make model, simulator,
    device, device id, ftd, ffs, location, training center, training centre, center, centre,
    facility, phone, telephone, phone no, email, employee id, employee no, id, student id,
    trainee id, record no, record id, serial no, document no, document id, form no, issue date,
    date issued, issued, expiration date, expires, expiry, valid until, medical, medical class,
    medical certificate, hours, total time, total hours, flight time, sim time, simulator time,
    ground hours, duration, page, rating, ratings, type rating, type ratings, category,
    class, nationality, citizenship, sex, gender, height, weight, hair, eyes, ssn, place of
    birth, company, employer, operator, airline, base, seat, position, duty position, approved
    by, reviewed by, chief instructor, director of training, training manager, program manager,
    start date, next due, due date, recurrent due, instructor certificate no, instructor cert
    no, evaluator certificate no, examiner certificate no, cfi certificate no, cfi no,
    instructor license no, designation no, tce no, limitations, privileges, maneuver, maneuvers,
    task, tasks, instructor certificate, evaluator certificate, certificate serial no,
    certificate id, date signed, grade key, session, lesson, lesson no, stage, instructor
    certificate expires, cfi expiration, instructor certificate type
  `);

export type LabelTarget = FieldName | 'other';

export interface LabelEntry {
  text: string;
  targets: LabelTarget[];
  /** One word only ("Name", "Date"): more likely to be something else. */
  generic: boolean;
}

/** Lower case, "#"/"No."/"Number" alike, British spellings folded, punctuation gone. */
export function normaliseLabel(text: string): string {
  return text
    .toLowerCase()
    .replace(/\([^)]*\)/g, ' ')
    .replace(/[’']s\b/g, '')
    .replace(/#/g, ' no ')
    .replace(/\blicence\b/g, 'license')
    .replace(/\bcentre\b/g, 'center')
    .replace(/\bnumber\b|\bnum\b|\bnbr\b|\bno\b\.?/g, ' no ')
    .replace(/[^a-z0-9 ]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

function buildLexicon(): Map<string, LabelEntry> {
  const lexicon = new Map<string, LabelEntry>();
  const add = (text: string, target: LabelTarget) => {
    const key = normaliseLabel(text);
    const entry = lexicon.get(key) ?? { text: key, targets: [], generic: !key.includes(' ') };
    if (!entry.targets.includes(target)) entry.targets.push(target);
    lexicon.set(key, entry);
  };
  for (const [field, labels] of Object.entries(FIELD_LABELS) as [FieldName, string[]][]) {
    for (const label of labels) add(label, field);
  }
  for (const label of OTHER_LABELS) add(label, 'other');
  return lexicon;
}

export const LEXICON = buildLexicon();

/** Words that start a label; a name stops before them ("Jordan Ellis Date …"). */
export const LABEL_WORDS = new Set(
  [...LEXICON.keys()]
    .map((k) => k.split(' ')[0]!)
    .filter((w) => w.length > 2 && !['pilot', 'student', 'airman', 'flight'].includes(w)),
);

export const MAX_LABEL_WORDS = Math.max(...[...LEXICON.keys()].map((k) => k.split(' ').length));

/** Section headings change what a plain "Name" or "Certificate No." under them refers to. */
export type Section = 'student' | 'instructor' | 'training' | undefined;

const HEADING_SUFFIX = /\b(information|info|details|data|section|particulars|record)$/;

export function sectionOf(normalisedRow: string): Section | null {
  if (!HEADING_SUFFIX.test(normalisedRow)) return null;
  const head = normalisedRow.replace(HEADING_SUFFIX, '').trim();
  if (
    /^(student|trainee|applicant|pilot|crewmember|crew member|candidate|airman|personal|participant)\b/.test(
      head,
    )
  ) {
    return 'student';
  }
  if (/^(instructor|evaluator|examiner|check airman|cfi|tce)\b/.test(head)) return 'instructor';
  if (/^(training|course|event|check|evaluation)\b/.test(head)) return 'training';
  return null;
}
