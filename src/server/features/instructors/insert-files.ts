import type { createInstructorRequest } from '@shared/api/instructors';
import type { z } from 'zod';
import type { Transaction } from '../../db/client';
import type { Actor } from '../../http/actor';
import { recordAudit } from '../activity/service';
import { ledgerSize } from '../ledger/service';
import { instructorsOf } from './repository';

export interface NewInstructorFile {
  file: z.output<typeof createInstructorRequest>;
  /** A 142.47(b) designation recorded with the file (an import row's course). */
  designation?: { course: string; device: string | null; designatedAt: string } | null;
}

/**
 * Inserts files as version 1 in the caller's transaction (all or nothing), each with its
 * designation and one ledger leaf (an audit entry naming the file). The caller validates the
 * rows first (dates, courses): this writes what it is given. Returns the new ids in order.
 */
export async function insertInstructorFiles(
  tx: Transaction,
  actor: Actor,
  inputs: readonly NewInstructorFile[],
  importId: string | null = null,
): Promise<string[]> {
  const repo = instructorsOf(tx, actor.organizationId);
  const ids: string[] = [];
  for (const { file, designation } of inputs) {
    const now = new Date();
    const [row] = await repo.insertFile({
      ...file,
      organizationId: actor.organizationId,
      importId,
      version: 1,
      createdBy: actor.userId,
      updatedBy: actor.userId,
      createdAt: now,
      updatedAt: now,
    });
    if (designation) {
      const [q] = await repo.insertQualification({
        organizationId: actor.organizationId,
        instructorId: row!.id,
        kind: 'designation_142_47_b',
        completedAt: designation.designatedAt,
        course: designation.course,
        device: designation.device,
        recordedBy: actor.userId,
      });
      await repo.insertDesignation({
        organizationId: actor.organizationId,
        instructorId: row!.id,
        qualificationId: q!.id,
        ...designation,
      });
    }
    await recordAudit(tx, {
      organizationId: actor.organizationId,
      actorId: actor.userId,
      action: 'create_instructor_file',
      details: {
        instructorFileId: row!.id,
        name: row!.name,
        version: 1,
        importId,
        file,
        designation: designation ?? null,
      },
    });
    const index = (await ledgerSize(tx, actor.organizationId)) - 1;
    await repo.updateFile(row!.id, { ledgerIndex: index });
    ids.push(row!.id);
  }
  return ids;
}
