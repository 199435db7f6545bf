import { and, asc, desc, eq } from 'drizzle-orm';
import type { QualificationKind } from '@shared/api/instructors';
import type { StaffWarning } from '@shared/api/training-events';
import type { DbOrTx, Transaction } from '../../db/client';
import { trainingEventWarnings } from '../../db/schema';
import type { Actor } from '../../http/actor';
import { recordAudit } from '../activity/service';
import { fileClocks } from './clocks';
import { instructorsOf, type DesignationRow, type InstructorFileRow } from './repository';

/** What a training record says about who taught and checked, and when and what. */
export interface RecordStaff {
  id: string;
  version: number;
  instructor: string | null;
  evaluator: string | null;
  course: string | null;
  eventDate: string;
}

export type NewWarning = Omit<StaffWarning, 'createdAt'>;

/**
 * A person's name as records and files write it, for matching: lower case, punctuation and
 * repeated spaces gone, and "LAST, FIRST" turned to "first last".
 */
export function nameKey(name: string): string {
  const comma = name.indexOf(',');
  const ordered = comma > 0 ? `${name.slice(comma + 1)} ${name.slice(0, comma)}` : name;
  return ordered
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

interface Person {
  file: InstructorFileRow;
  qualifications: { kind: QualificationKind; completedAt: string }[];
  designations: DesignationRow[];
}

/** The deciding requirement in words, without its paragraph (the warning shows that apart). */
function worstOf(clocks: ReturnType<typeof fileClocks>): string {
  const worst = clocks.requirements.find((r) => r.requirement === clocks.statusReason.requirement);
  return worst ? `${worst.label}: ${worst.reason}` : clocks.statusReason.message;
}

function judge(
  person: Person,
  record: RecordStaff,
  role: 'instructor' | 'evaluator',
): NewWarning[] {
  const { file } = person;
  const on = record.eventDate;
  const base = {
    trainingEventId: record.id,
    version: record.version,
    role,
    person: file.name,
    instructorFileId: file.id,
  };
  // The file as it stood on the event's date: what was done by then, what was designated by then.
  const designations = person.designations.filter((d) => d.designatedAt <= on);
  const clocks = fileClocks(
    {
      qualifications: person.qualifications.filter((q) => q.completedAt <= on),
      designations,
      instructsInAircraft: file.instructsInAircraft,
      atpSimulator: file.atpSimulator,
    },
    on,
  );
  const warnings: NewWarning[] = [];
  if (clocks.status === 'overdue' || clocks.status === 'not_eligible') {
    const what = clocks.status === 'overdue' ? 'overdue' : 'not eligible';
    warnings.push({
      ...base,
      kind: clocks.status,
      paragraph: clocks.statusReason.paragraph,
      message: `${file.name} was ${what} on ${on}: ${worstOf(clocks)}`,
    });
  }
  const course = record.course?.trim().toLowerCase();
  if (
    course &&
    designations.length > 0 &&
    !designations.some((d) => d.course.trim().toLowerCase() === course)
  ) {
    warnings.push({
      ...base,
      kind: 'not_designated',
      paragraph: '142.47(b)',
      message: `${file.name} was not designated in writing for the course "${record.course}" on ${on}`,
    });
  }
  return warnings;
}

/**
 * The warnings a set of records raises against the organization's instructor files, read once
 * for the whole set (an import names thousands of records and a few dozen people). A centre
 * that keeps no files gets none; one that does is told when a record names someone with no file.
 */
export async function staffWarnings(
  db: DbOrTx,
  organizationId: string,
  records: readonly RecordStaff[],
): Promise<NewWarning[]> {
  const named = records.filter((r) => r.instructor?.trim() || r.evaluator?.trim());
  if (named.length === 0) return [];
  const repo = instructorsOf(db, organizationId);
  const files = await repo.files();
  if (files.length === 0) return [];
  const [qualifications, designations] = await Promise.all([
    repo.clockQualifications(),
    repo.designations(),
  ]);
  const people = new Map<string, Person>();
  const byId = new Map<string, Person>();
  for (const file of files) {
    const person: Person = { file, qualifications: [], designations: [] };
    byId.set(file.id, person);
    people.set(nameKey(file.name), person);
  }
  for (const q of qualifications) {
    byId.get(q.instructorId)?.qualifications.push({
      kind: q.kind as QualificationKind,
      completedAt: q.completedAt,
    });
  }
  for (const d of designations) byId.get(d.instructorId)?.designations.push(d);

  const warnings: NewWarning[] = [];
  for (const record of named) {
    for (const role of ['instructor', 'evaluator'] as const) {
      const name = record[role]?.trim();
      if (!name) continue;
      const person = people.get(nameKey(name));
      if (person) {
        warnings.push(...judge(person, record, role));
        continue;
      }
      warnings.push({
        trainingEventId: record.id,
        version: record.version,
        role,
        person: name,
        instructorFileId: null,
        kind: 'no_file',
        paragraph: '142.73(b)',
        message: `No instructor or evaluator file matches "${name}": the record's ${role} cannot be checked against a designation and its clocks`,
      });
    }
  }
  return warnings;
}

/**
 * Writes the records' warnings in the caller's transaction: a row beside each record version
 * and one audit entry (a ledger leaf) holding them all, so they are part of the records' history.
 */
export async function writeStaffWarnings(
  tx: Transaction,
  actor: Actor,
  records: readonly RecordStaff[],
): Promise<StaffWarning[]> {
  return writeRecordWarnings(tx, actor, await staffWarnings(tx, actor.organizationId, records));
}

/** Writes warnings already worked out (here, or by the fleet's daily-release check). */
export async function writeRecordWarnings(
  tx: Transaction,
  actor: Actor,
  warnings: readonly NewWarning[],
): Promise<StaffWarning[]> {
  if (warnings.length === 0) return [];
  const rows = await tx
    .insert(trainingEventWarnings)
    .values(
      warnings.map((w) => ({
        ...w,
        organizationId: actor.organizationId,
        createdBy: actor.userId,
      })),
    )
    .returning();
  // One audit entry (one leaf) per call: an import's warnings travel together.
  await recordAudit(tx, {
    organizationId: actor.organizationId,
    actorId: actor.userId,
    action: 'training_event_staff_warning',
    details: { warnings },
  });
  return rows.map(toStaffWarning);
}

function toStaffWarning(row: typeof trainingEventWarnings.$inferSelect): StaffWarning {
  return {
    trainingEventId: row.trainingEventId,
    version: row.version,
    role: row.role as StaffWarning['role'],
    person: row.person,
    instructorFileId: row.instructorFileId,
    kind: row.kind as StaffWarning['kind'],
    paragraph: row.paragraph,
    message: row.message,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Every warning written to one record, oldest version first. */
export async function recordWarnings(
  db: DbOrTx,
  organizationId: string,
  trainingEventId: string,
): Promise<StaffWarning[]> {
  const rows = await db
    .select()
    .from(trainingEventWarnings)
    .where(
      and(
        eq(trainingEventWarnings.organizationId, organizationId),
        eq(trainingEventWarnings.trainingEventId, trainingEventId),
      ),
    )
    .orderBy(
      asc(trainingEventWarnings.version),
      asc(trainingEventWarnings.createdAt),
      // The record's order: instructor before evaluator.
      desc(trainingEventWarnings.role),
      asc(trainingEventWarnings.kind),
    );
  return rows.map(toStaffWarning);
}
