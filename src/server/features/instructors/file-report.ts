import { datesFor, type ReaderDates } from '../../reports/reader-dates';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { InstructorFileDetail } from '@shared/api/instructors';
import type { Language } from '@shared/api/preferences';
import type { Database } from '../../db/client';
import { auditLogs } from '../../db/schema';
import type { Actor } from '../../http/actor';
import { conflict } from '../../http/errors';
import { textFor } from '../../i18n/index';
import type { LedgerAnchor } from '../../reports/pdf';
import { documentsOf } from '../documents/repository';
import { getInclusionProof, ledgerAnchor, type LedgerSigning } from '../ledger/service';
import { trainingEventsOf } from '../training-events/repository';
import { usersOf } from '../users/repository';
import { getInstructor } from './service';

/** One change of the file as the ledger holds it: its leaf and the audit path to the anchor. */
export interface FileLeafProof {
  auditLogId: string;
  action: string;
  version: number | null;
  recordedAt: Date;
  leafIndex: number;
  leafHash: string;
  auditPath: string[];
}

/** Everything the file's PDF prints, read at once. */
export interface InstructorFileReport {
  organizationName: string;
  generatedAt: Date;
  generatedBy: string;
  /** Dates in the timezone and format of the person who asked for the PDF. */
  dates: ReaderDates;
  /** Their language: headings and labels; names, paragraphs and reasons stay as written. */
  language: Language;
  file: InstructorFileDetail;
  /** Names of the linked user and of those who recorded events, by user id. */
  people: Map<string, string>;
  /** What each evidence id (document or training event) is, as a reader recognises it. */
  evidence: Map<string, string>;
  /** Oldest leaf first; every path leads to `ledger.rootHash`. */
  proofs: FileLeafProof[];
  ledger: LedgerAnchor;
}

/** Times the proofs are redone when the log grows while they are read (each needs one head). */
const PROOF_ATTEMPTS = 3;

/** The audit entries that recorded a change of this file (recordChange in service.ts). */
function changeEntries(db: Database, organizationId: string, fileId: string) {
  return db
    .select({
      id: auditLogs.id,
      action: auditLogs.action,
      details: auditLogs.details,
      createdAt: auditLogs.createdAt,
    })
    .from(auditLogs)
    .where(
      and(
        eq(auditLogs.organizationId, organizationId),
        sql`${auditLogs.details}->>'instructorFileId' = ${fileId}`,
      ),
    )
    .orderBy(asc(auditLogs.createdAt), asc(auditLogs.id));
}

/**
 * Each entry's inclusion proof against the current signed head, and that head as the report's
 * anchor. All paths must lead to the one root printed, so when the log grows between the reads
 * (another change lands) they are read again.
 */
async function proveEntries(
  db: Database,
  signing: LedgerSigning,
  actor: Actor,
  entries: Awaited<ReturnType<typeof changeEntries>>,
) {
  for (let attempt = 1; ; attempt++) {
    const proofs = await Promise.all(
      entries.map((e) => getInclusionProof(db, signing, actor, e.id)),
    );
    const ledger = await ledgerAnchor(db, signing, actor.organizationId);
    if (proofs.every((p) => p.treeSize === ledger.treeSize)) {
      const leaves = entries.map((entry, i) => ({
        auditLogId: entry.id,
        action: entry.action,
        version: typeof entry.details.version === 'number' ? entry.details.version : null,
        recordedAt: entry.createdAt,
        leafIndex: proofs[i]!.leafIndex,
        leafHash: proofs[i]!.leafHash,
        auditPath: proofs[i]!.auditPath,
      }));
      return { proofs: leaves.sort((a, b) => a.leafIndex - b.leafIndex), ledger };
    }
    if (attempt === PROOF_ATTEMPTS) {
      throw conflict('The ledger kept growing while this file was being proved; try again');
    }
  }
}

async function describeEvidence(db: Database, actor: Actor, file: InstructorFileDetail) {
  const t = textFor(actor.preferences.language, 'instructor-file');
  const evidence = new Map<string, string>();
  const documents = documentsOf(db, actor.organizationId);
  const events = trainingEventsOf(db, actor);
  const documentIds = new Set(file.qualifications.map((q) => q.documentId).filter((v) => v));
  const eventIds = new Set(file.qualifications.map((q) => q.trainingEventId).filter((v) => v));
  await Promise.all([
    ...[...documentIds].map(async (id) => {
      const row = await documents.find(id!);
      evidence.set(
        id!,
        row
          ? t('evidence.document', { name: row.originalName })
          : t('evidence.deletedDocument', { id }),
      );
    }),
    ...[...eventIds].map(async (id) => {
      const row = await events.find(id!);
      evidence.set(
        id!,
        row
          ? t(row.course ? 'evidence.eventWithCourse' : 'evidence.event', {
              type: row.eventType,
              course: row.course,
              date: row.eventDate,
              student: row.studentName,
            })
          : t('evidence.unknownEvent', { id }),
      );
    }),
  ]);
  return evidence;
}

export async function buildFileReport(
  db: Database,
  signing: LedgerSigning,
  actor: Actor,
  id: string,
): Promise<InstructorFileReport> {
  const file = await getInstructor(db, actor, id);
  const userIds = [
    ...new Set([file.userId, ...file.qualifications.map((q) => q.recordedBy)].filter((v) => v)),
  ] as string[];
  const [users, evidence, entries] = await Promise.all([
    usersOf(db, actor.organizationId).names(userIds),
    describeEvidence(db, actor, file),
    changeEntries(db, actor.organizationId, id),
  ]);
  const { proofs, ledger } = await proveEntries(db, signing, actor, entries);
  return {
    organizationName: actor.organizationName,
    generatedAt: new Date(),
    generatedBy: `${actor.firstName} ${actor.lastName}`.trim() || actor.email,
    dates: datesFor(actor),
    language: actor.preferences.language,
    file,
    people: new Map(
      users.map((u) => [u.id, `${u.firstName} ${u.lastName}`.trim() || u.email] as const),
    ),
    evidence,
    proofs,
    ledger,
  };
}
