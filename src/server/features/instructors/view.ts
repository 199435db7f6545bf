import {
  QUALIFICATION_PARAGRAPHS,
  type InstructorFile,
  type Duty,
  type InstructorFileDetail,
  type InstructorRole,
  type QualificationKind,
} from '@shared/api/instructors';
import { fileClocks, retainUntil } from './clocks';
import type {
  ClockQualification,
  DesignationRow,
  InstructorFileRow,
  QualificationRow,
} from './repository';

export const todayUtc = () => new Date().toISOString().slice(0, 10);

/** A file as the API returns it, its clocks computed on `today`. */
export function toInstructorFile(
  row: InstructorFileRow,
  qualifications: readonly ClockQualification[],
  designations: readonly DesignationRow[],
  today = todayUtc(),
): InstructorFile {
  const byQualification = new Map(qualifications.map((q) => [q.id, q]));
  const clocks = fileClocks(
    {
      qualifications: qualifications.map((q) => ({
        kind: q.kind as QualificationKind,
        completedAt: q.completedAt,
      })),
      designations,
      instructsInAircraft: row.instructsInAircraft,
      atpSimulator: row.atpSimulator,
    },
    today,
  );
  return {
    id: row.id,
    userId: row.userId,
    name: row.name,
    role: row.role as InstructorRole,
    employedFrom: row.employedFrom,
    employedUntil: row.employedUntil,
    certificates: row.certificates,
    notes: row.notes,
    instructsInAircraft: row.instructsInAircraft,
    atpSimulator: row.atpSimulator,
    designations: designations.map((d) => {
      const q = byQualification.get(d.qualificationId);
      return {
        id: d.id,
        course: d.course,
        device: d.device,
        designatedAt: d.designatedAt,
        qualificationId: d.qualificationId,
        evidence: {
          documentId: q?.documentId ?? null,
          trainingEventId: q?.trainingEventId ?? null,
        },
      };
    }),
    ...clocks,
    retainUntil: retainUntil(row.employedUntil),
    version: row.version,
    ledgerIndex: row.ledgerIndex,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function toInstructorFileDetail(
  row: InstructorFileRow,
  qualifications: readonly QualificationRow[],
  designations: readonly DesignationRow[],
  duty: Duty,
): InstructorFileDetail {
  return {
    ...toInstructorFile(row, qualifications, designations),
    duty,
    qualifications: [...qualifications].reverse().map((q) => ({
      id: q.id,
      kind: q.kind as QualificationKind,
      paragraph: QUALIFICATION_PARAGRAPHS[q.kind as QualificationKind],
      completedAt: q.completedAt,
      course: q.course,
      device: q.device,
      documentId: q.documentId,
      trainingEventId: q.trainingEventId,
      recordedBy: q.recordedBy,
      createdAt: q.createdAt.toISOString(),
    })),
  };
}
