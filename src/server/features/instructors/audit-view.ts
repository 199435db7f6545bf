import { and, eq, inArray } from 'drizzle-orm';
import type { InstructorStatus, QualificationKind, Requirement } from '@shared/api/instructors';
import type { DbOrTx } from '../../db/client';
import { documents } from '../../db/schema';
import { REQUIREMENT_RULES } from './clocks';
import { instructorsOf } from './repository';
import { todayUtc, toInstructorFile } from './view';

/** One requirement of one file as the AI audit reads it: its clock and what evidences it. */
export interface AuditRequirement {
  requirement: Requirement;
  paragraph: string;
  status: InstructorStatus;
  reason: string;
  lastCompleted: string | null;
  graceUntil: string | null;
  /** The evidence of the latest completion: a document's name or a training event; null: none. */
  evidence: { documentName: string | null; trainingEventId: string | null } | null;
}

export interface AuditInstructorFile {
  id: string;
  name: string;
  role: 'instructor' | 'evaluator' | 'both';
  employedFrom: string;
  designations: { course: string; designatedAt: string }[];
  /** Only the requirements that apply to this person. */
  requirements: AuditRequirement[];
}

/**
 * The organization's files of people employed on `today`, with their clocks and the evidence of
 * each requirement's latest completion: what the AI audit judges the instructor items from.
 */
export async function filesForAudit(
  db: DbOrTx,
  organizationId: string,
  today = todayUtc(),
): Promise<AuditInstructorFile[]> {
  const repo = instructorsOf(db, organizationId);
  const [files, qualifications, designations] = await Promise.all([
    repo.files(),
    repo.clockQualifications(),
    repo.designations(),
  ]);
  const documentIds = [
    ...new Set(qualifications.map((q) => q.documentId).filter((id): id is string => !!id)),
  ];
  const names = new Map(
    documentIds.length === 0
      ? []
      : (
          await db
            .select({ id: documents.id, name: documents.originalName })
            .from(documents)
            .where(
              and(eq(documents.organizationId, organizationId), inArray(documents.id, documentIds)),
            )
        ).map((d) => [d.id, d.name]),
  );
  const kindsOf = new Map(REQUIREMENT_RULES.map((r) => [r.requirement, r.kinds]));

  return files
    .filter((f) => f.employedFrom <= today && (!f.employedUntil || f.employedUntil >= today))
    .map((row) => {
      const own = qualifications.filter((q) => q.instructorId === row.id);
      const file = toInstructorFile(
        row,
        own,
        designations.filter((d) => d.instructorId === row.id),
        today,
      );
      return {
        id: row.id,
        name: row.name,
        role: file.role,
        employedFrom: row.employedFrom,
        designations: file.designations.map((d) => ({
          course: d.course,
          designatedAt: d.designatedAt,
        })),
        requirements: file.requirements.map((r) => {
          const kinds: readonly QualificationKind[] = kindsOf.get(r.requirement) ?? [];
          const latest = own
            .filter((q) => kinds.includes(q.kind as QualificationKind))
            .filter((q) => q.completedAt === r.lastCompleted)
            .find((q) => q.documentId || q.trainingEventId);
          return {
            requirement: r.requirement,
            paragraph: r.paragraph,
            status: r.status,
            reason: r.reason,
            lastCompleted: r.lastCompleted,
            graceUntil: r.graceUntil,
            evidence: latest
              ? {
                  documentName: latest.documentId ? (names.get(latest.documentId) ?? null) : null,
                  trainingEventId: latest.trainingEventId,
                }
              : null,
          };
        }),
      };
    });
}
