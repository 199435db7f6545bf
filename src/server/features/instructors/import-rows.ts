import {
  createInstructorRequest,
  INSTRUCTOR_IMPORT_FIELD_LABELS as LABELS,
  INSTRUCTOR_IMPORT_FIELDS,
  REQUIRED_INSTRUCTOR_IMPORT_FIELDS,
  type InstructorColumnMapping,
  type InstructorImportField,
  type InstructorRole,
} from '@shared/api/instructors';
import { isCalendarDate, type ImportRow } from '@shared/api/training-events';
import { importDate, type ImportTable } from '../training-events/service';
import type { NewInstructorFile } from './insert-files';

const INSTRUCTOR_WORD =
  /^(instructor|inst\.?|cfi|trainer|(flight|ground|sim(ulator)?) instructor)$/;
const EVALUATOR_WORD = /^(evaluator|eval\.?|examiner|check ?airman|check pilot)$/;

/** "Instructor", "EVALUATOR", "Instructor/Evaluator", "instructor & examiner", "Both"; null else. */
export function importRole(text: string): InstructorRole | null {
  const words = text.trim().toLowerCase().replace(/\s+/g, ' ');
  if (words === 'both') return 'both';
  const kinds = new Set(
    words
      .split(/\s*(?:\/|&|\+|,|\band\b)\s*/)
      .filter(Boolean)
      .map((w) =>
        INSTRUCTOR_WORD.test(w) ? 'instructor' : EVALUATOR_WORD.test(w) ? 'evaluator' : null,
      ),
  );
  if (kinds.size === 0 || kinds.has(null)) return null;
  return kinds.size === 2 ? 'both' : (kinds.values().next().value as InstructorRole);
}

/** Names compared as people mean them: case and spacing aside. */
export const nameKey = (name: string) => name.trim().toLowerCase().replace(/\s+/g, ' ');

/** The organization as the rows are checked against it. */
export interface ImportContext {
  /** Member user ids by lower-case e-mail. */
  members: Map<string, string>;
  /** The centre's courses (distinct courses of its training events) by `nameKey`. */
  courses: Map<string, string>;
  /** `nameKey`s of the people who already have a file. */
  existingNames: Set<string>;
  /** The latest date a past event may carry (`latestHeldEventDate`). */
  latest: string;
}

/** A row of the import, its values as they would be saved, and what is wrong with it. */
export interface CheckedInstructorRow extends ImportRow {
  input: NewInstructorFile | null;
}

type Values = Record<InstructorImportField, string | null>;
type DateField = 'employedFrom' | 'employedUntil' | 'designatedAt';

/** One row being checked: its values (rewritten as they would be saved) and its problems. */
function rowCheck(values: Values, latest: string) {
  const errors: ImportRow['errors'] = [];
  const problem = (field: InstructorImportField | null, message: string) => {
    errors.push({ field, message });
  };
  /** The field's cell as YYYY-MM-DD (the value shown is rewritten), or null with its error. */
  const date = (field: DateField) => {
    const text = values[field];
    if (!text) return null;
    const iso = importDate(text);
    if (!iso) {
      problem(field, `${LABELS[field]}: "${text}" is not a date (write YYYY-MM-DD or MM/DD/YYYY)`);
      return null;
    }
    if (!isCalendarDate(iso)) {
      problem(field, `${LABELS[field]}: ${text} is not a real calendar date`);
      return null;
    }
    values[field] = iso;
    // Employment may be known to end later; it cannot have begun, nor a designation been made, later.
    if (field !== 'employedUntil' && iso > latest) {
      problem(field, `${LABELS[field]}: ${iso} is in the future`);
      return null;
    }
    return iso;
  };
  return { values, errors, problem, date };
}
type RowCheck = ReturnType<typeof rowCheck>;

/**
 * The 142.47(b) designation a row records: a course the centre has, dated `designatedAt` or else
 * from the start of employment, never before it. Device and date alone designate nothing.
 */
function designationOf(
  { values, problem, date }: RowCheck,
  from: string | null,
  courses: ImportContext['courses'],
): NewInstructorFile['designation'] {
  if (!values.course) {
    if (values.device) {
      problem(
        'device',
        'Device: a designation names its course first (142.47(b)); add the course or clear the device',
      );
    }
    if (values.designatedAt) {
      problem(
        'designatedAt',
        'Designated on: a designation names its course (142.47(b)); add the course or clear the date',
      );
    }
    return null;
  }
  const course = courses.get(nameKey(values.course));
  if (course) values.course = course;
  else {
    problem(
      'course',
      `Designated course: the centre has no course "${values.course}" in its training records`,
    );
  }
  if (!values.designatedAt && from) values.designatedAt = from;
  const designatedAt = date('designatedAt');
  if (designatedAt && from && designatedAt < from) {
    problem('designatedAt', `Designated on: ${designatedAt} is before employment began (${from})`);
  }
  return course && designatedAt ? { course, device: values.device, designatedAt } : null;
}

/** Checks every row on its own, against the organization and against the rows above it. */
export function checkInstructorRows(
  table: ImportTable,
  mapping: InstructorColumnMapping,
  context: ImportContext,
): CheckedInstructorRow[] {
  const index = Object.fromEntries(
    INSTRUCTOR_IMPORT_FIELDS.map((f) => [f, mapping[f] ? table.columns.indexOf(mapping[f]!) : -1]),
  ) as Record<InstructorImportField, number>;
  const firstRowOfName = new Map<string, number>();

  return table.rows.map(({ rowNumber, cells }) => {
    const row = rowCheck(
      Object.fromEntries(
        INSTRUCTOR_IMPORT_FIELDS.map((f) => [f, index[f] >= 0 ? cells[index[f]] || null : null]),
      ) as Values,
      context.latest,
    );
    const { values, errors, problem, date } = row;

    // Counted to the last filled cell, as the training-records import counts it.
    const width = cells.findLastIndex((c) => c !== '') + 1;
    if (width > table.columns.length) {
      problem(null, `The row has ${width} cells but the header only ${table.columns.length}`);
    }
    for (const f of REQUIRED_INSTRUCTOR_IMPORT_FIELDS)
      if (!values[f]) problem(f, `${LABELS[f]} is missing`);

    if (values.name) {
      const key = nameKey(values.name);
      const first = firstRowOfName.get(key);
      if (first !== undefined) problem('name', `Same name as row ${first} of this file`);
      else firstRowOfName.set(key, rowNumber);
      if (context.existingNames.has(key)) {
        problem('name', `${values.name} already has an instructor file`);
      }
    }
    if (values.role) {
      const role = importRole(values.role);
      if (role) values.role = role;
      else
        problem(
          'role',
          `Role "${values.role}" is not instructor, evaluator or both (e.g. "Instructor/Evaluator")`,
        );
    }

    const from = date('employedFrom');
    const until = date('employedUntil');
    if (from && until && until < from) {
      problem('employedUntil', `Employed until: ${until} is before employment began (${from})`);
    }

    let userId: string | null = null;
    if (values.email) {
      userId = context.members.get(values.email.toLowerCase()) ?? null;
      if (!userId) {
        problem(
          'email',
          `E-mail: no member of your organization has the address ${values.email} (invite them first, or leave it empty)`,
        );
      }
    }

    const designation = designationOf(row, from, context.courses);

    let input: NewInstructorFile | null = null;
    if (errors.length === 0) {
      const parsed = createInstructorRequest.safeParse({
        userId,
        name: values.name,
        role: values.role,
        employedFrom: values.employedFrom,
        employedUntil: values.employedUntil,
        certificates: values.certificates,
      });
      if (parsed.success) input = { file: parsed.data, designation };
      else {
        for (const issue of parsed.error.issues) {
          const field = INSTRUCTOR_IMPORT_FIELDS.find((f) => f === issue.path[0]) ?? null;
          problem(field, `${field ? LABELS[field] : 'Value'}: ${issue.message}`);
        }
      }
    }
    return { rowNumber, values, errors, input: errors.length === 0 ? input : null };
  });
}
