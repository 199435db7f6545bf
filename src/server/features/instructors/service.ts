import {
  type addQualificationRequest,
  type createInstructorRequest,
  type InstructorList,
  type InstructorListQuery,
  type QualificationKind,
  type updateInstructorRequest,
} from '@shared/api/instructors';
import { latestHeldEventDate } from '@shared/api/training-events';
import type { z } from 'zod';
import type { Database, DbOrTx, Transaction } from '../../db/client';
import type { Actor } from '../../http/actor';
import { conflict, forbidden, invalid, notFound } from '../../http/errors';
import { recordAudit } from '../activity/service';
import { documentsOf } from '../documents/repository';
import { ledgerSize } from '../ledger/service';
import { cachedFigure } from '../training-events/service';
import { retainUntil } from './clocks';
import { dutyOf } from './duty';
import { insertInstructorFiles } from './insert-files';
import { instructorsOf, type InstructorFileRow } from './repository';
import { todayUtc, toInstructorFile, toInstructorFileDetail } from './view';

type CreateInput = z.output<typeof createInstructorRequest>;
type UpdateInput = z.output<typeof updateInstructorRequest>;
type QualificationInput = z.output<typeof addQualificationRequest>;

/** Kinds an Instructor may not record on their own file: designations, tests and checks. */
const NOT_ON_OWN_FILE: readonly QualificationKind[] = [
  'designation_142_47_b',
  'pre_designation_test_142_47_c2',
  'instruction_demonstration_142_53_a1',
  'written_test_142_53_a7',
  'proficiency_check_142_53_a7',
];

const fieldError = (path: string, message: string) =>
  invalid(`${path}: ${message}`, [{ path, message }]);

function checkNotFuture(path: string, date: string) {
  if (date > latestHeldEventDate()) throw fieldError(path, `${date} is in the future`);
}

function checkEmployment(from: string, until: string | null) {
  checkNotFuture('employedFrom', from);
  if (until && until < from) {
    throw fieldError('employedUntil', `${until} is before the start of employment (${from})`);
  }
}

async function loadFile(db: DbOrTx, actor: Actor, id: string) {
  const repo = instructorsOf(db, actor.organizationId);
  const row = await repo.find(id);
  if (!row) throw notFound('Instructor file');
  const [qualifications, designations, duty] = await Promise.all([
    repo.qualifications(id),
    repo.designations(id),
    dutyOf(db, actor.organizationId, row.name),
  ]);
  return toInstructorFileDetail(row, qualifications, designations, duty);
}

/**
 * Records one change of a file in the organization's ledger, as an audit entry (an `audit_log`
 * leaf) carrying the file's id, new version and the change, in the caller's transaction; the
 * file row then names that leaf.
 */
async function recordChange(
  tx: Transaction,
  actor: Actor,
  file: InstructorFileRow,
  action: string,
  change: Record<string, unknown>,
) {
  await recordAudit(tx, {
    organizationId: actor.organizationId,
    actorId: actor.userId,
    action,
    details: { instructorFileId: file.id, name: file.name, version: file.version, ...change },
  });
  const index = (await ledgerSize(tx, actor.organizationId)) - 1;
  await instructorsOf(tx, actor.organizationId).updateFile(file.id, { ledgerIndex: index });
}

function byInstructor<T extends { instructorId: string }>(rows: readonly T[]) {
  const map = new Map<string, T[]>();
  for (const row of rows) {
    const list = map.get(row.instructorId);
    if (list) list.push(row);
    else map.set(row.instructorId, [row]);
  }
  return map;
}

/**
 * Every file with its clocks, and the centre's courses, computed once per state of the ledger:
 * each change of a file, and of a training record (the courses), appends to it in the same
 * transaction. Kept at most a minute, so the clocks follow the date (cachedFigure). Reading every
 * event of every file is what costs (docs/PERFORMANCE.md, "Instructor files"); a list read again
 * costs one primary-key read.
 */
function filesWithClocks(db: Database, actor: Actor) {
  return cachedFigure(db, actor, 'instructor files', async () => {
    const repo = instructorsOf(db, actor.organizationId);
    const [files, qualifications, designations, courses] = await Promise.all([
      repo.files(),
      repo.clockQualifications(),
      repo.designations(),
      repo.courses(),
    ]);
    const qs = byInstructor(qualifications);
    const ds = byInstructor(designations);
    const today = todayUtc();
    return {
      files: files.map((f) => toInstructorFile(f, qs.get(f.id) ?? [], ds.get(f.id) ?? [], today)),
      courses,
    };
  });
}

export async function listInstructors(
  db: Database,
  actor: Actor,
  query: InstructorListQuery,
): Promise<InstructorList> {
  const { files: all, courses } = await filesWithClocks(db, actor);
  const counts = { total: all.length, current: 0, due_soon: 0, overdue: 0, not_eligible: 0 };
  for (const f of all) counts[f.status] += 1;
  const search = query.search?.toLowerCase();
  const course = query.course?.trim().toLowerCase();
  const instructors = all.filter(
    (f) =>
      (!query.status || f.status === query.status) &&
      (!course || f.designations.some((d) => d.course.trim().toLowerCase() === course)) &&
      (!search || f.name.toLowerCase().includes(search)),
  );
  return { instructors, counts, courses };
}

export function getInstructor(db: Database, actor: Actor, id: string) {
  return loadFile(db, actor, id);
}

export async function createInstructor(db: Database, actor: Actor, input: CreateInput) {
  checkEmployment(input.employedFrom, input.employedUntil);
  const repo = instructorsOf(db, actor.organizationId);
  if (input.userId && !(await repo.hasMember(input.userId))) {
    throw fieldError('userId', 'No such user in your organization');
  }
  const [id] = await db.transaction((tx) => insertInstructorFiles(tx, actor, [{ file: input }]));
  return loadFile(db, actor, id!);
}

const FILE_FIELDS = [
  'userId',
  'name',
  'role',
  'employedFrom',
  'employedUntil',
  'certificates',
  'notes',
  'instructsInAircraft',
  'atpSimulator',
] as const;

export async function updateInstructor(db: Database, actor: Actor, id: string, input: UpdateInput) {
  await db.transaction(async (tx) => {
    const repo = instructorsOf(tx, actor.organizationId);
    const current = await repo.find(id, { forUpdate: true });
    if (!current) throw notFound('Instructor file');
    if (actor.role !== 'admin' && current.userId === actor.userId) {
      throw forbidden('You cannot change your own instructor file; ask an Admin');
    }
    if (input.expectedVersion !== undefined && input.expectedVersion !== current.version) {
      throw conflict(
        `This file was changed by someone else (it is now version ${current.version}). Reload it and try again.`,
      );
    }
    const next: Record<string, unknown> = { ...current };
    for (const field of FILE_FIELDS) if (input[field] !== undefined) next[field] = input[field];
    const changed = FILE_FIELDS.filter((f) => next[f] !== current[f]);
    if (changed.length === 0) return;
    checkEmployment(next.employedFrom as string, next.employedUntil as string | null);
    if (
      changed.includes('userId') &&
      next.userId &&
      !(await repo.hasMember(next.userId as string))
    ) {
      throw fieldError('userId', 'No such user in your organization');
    }
    const [saved] = await repo.updateFile(id, {
      ...Object.fromEntries(changed.map((f) => [f, next[f]])),
      version: current.version + 1,
      updatedBy: actor.userId,
      updatedAt: new Date(),
    });
    await recordChange(tx, actor, saved!, 'update_instructor_file', {
      changes: Object.fromEntries(changed.map((f) => [f, { from: current[f], to: next[f] }])),
    });
  });
  return loadFile(db, actor, id);
}

async function checkEvidence(db: DbOrTx, actor: Actor, input: QualificationInput) {
  if (input.documentId && !(await documentsOf(db, actor.organizationId).find(input.documentId))) {
    throw fieldError('documentId', 'No such document in your organization');
  }
  const repo = instructorsOf(db, actor.organizationId);
  if (input.trainingEventId && !(await repo.hasTrainingEvent(input.trainingEventId))) {
    throw fieldError('trainingEventId', 'No such training event in your organization');
  }
}

/** Adds a dated event (and, for 142.47(b), the designation it makes) as a new version of the file. */
export async function addQualification(
  db: Database,
  actor: Actor,
  id: string,
  input: QualificationInput,
) {
  await db.transaction(async (tx) => {
    const repo = instructorsOf(tx, actor.organizationId);
    const current = await repo.find(id, { forUpdate: true });
    if (!current) throw notFound('Instructor file');
    if (
      actor.role !== 'admin' &&
      current.userId === actor.userId &&
      NOT_ON_OWN_FILE.includes(input.kind)
    ) {
      throw forbidden('You cannot record your own designations, tests or checks; ask an Admin');
    }
    checkNotFuture('completedAt', input.completedAt);
    if (input.completedAt < current.employedFrom) {
      throw fieldError(
        'completedAt',
        `${input.completedAt} is before ${current.name}'s employment began (${current.employedFrom})`,
      );
    }
    await checkEvidence(tx, actor, input);
    if (input.kind === 'designation_142_47_b') {
      if (!input.course) throw fieldError('course', 'A designation names the course (142.47(b))');
      if (!(await repo.hasCourse(input.course))) {
        throw fieldError(
          'course',
          `The centre has no course "${input.course}" in its training records`,
        );
      }
    }
    const [q] = await repo.insertQualification({
      organizationId: actor.organizationId,
      instructorId: id,
      kind: input.kind,
      completedAt: input.completedAt,
      course: input.course,
      device: input.device,
      documentId: input.documentId,
      trainingEventId: input.trainingEventId,
      recordedBy: actor.userId,
    });
    if (input.kind === 'designation_142_47_b') {
      await repo.insertDesignation({
        organizationId: actor.organizationId,
        instructorId: id,
        qualificationId: q!.id,
        course: input.course!,
        device: input.device,
        designatedAt: input.completedAt,
      });
    }
    const [saved] = await repo.updateFile(id, {
      version: current.version + 1,
      updatedBy: actor.userId,
      updatedAt: new Date(),
    });
    await recordChange(tx, actor, saved!, 'add_instructor_qualification', {
      qualification: { id: q!.id, ...input },
    });
  });
  return loadFile(db, actor, id);
}

/** Deletes a file once 142.73(c)(2) no longer requires it: one year after employment ends. */
export async function deleteInstructor(db: Database, actor: Actor, id: string) {
  await db.transaction(async (tx) => {
    const repo = instructorsOf(tx, actor.organizationId);
    const current = await repo.find(id, { forUpdate: true });
    if (!current) throw notFound('Instructor file');
    const keepUntil = retainUntil(current.employedUntil);
    if (!keepUntil || todayUtc() <= keepUntil) {
      const until = keepUntil
        ? `until ${keepUntil}; it may be deleted from the day after`
        : 'while the person is employed and one year after (set the end of employment first)';
      throw conflict(`142.73(c)(2): this file must be kept ${until}`);
    }
    await recordAudit(tx, {
      organizationId: actor.organizationId,
      actorId: actor.userId,
      action: 'delete_instructor_file',
      details: {
        instructorFileId: id,
        name: current.name,
        version: current.version,
        retainedUntil: keepUntil,
      },
    });
    await repo.deleteFile(id);
  });
}

/** The clocks as other features read them (Regulatory Alerts, the AI audit, records' warning). */
export { instructorDeadlines, type InstructorDeadline } from './deadlines';

/** Warnings written to training records that name people whose files are not in order. */
export {
  recordWarnings,
  writeRecordWarnings,
  writeStaffWarnings,
  type NewWarning,
} from './record-warnings';

/** The files as the AI audit judges the instructor items from them, and the name matching. */
export { filesForAudit, type AuditInstructorFile, type AuditRequirement } from './audit-view';
export { nameKey } from './record-warnings';

/** 142.49(c)(1) read from the fleet's session log. */
export { dutyOf, dutyWindows } from './duty';
