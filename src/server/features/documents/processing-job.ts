import { notify } from '../activity/service';
import type { MailSender } from '../mail/service';
import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { z } from 'zod';
import { DEFAULT_REVIEW_THRESHOLD } from '@shared/api/configuration';
import { UPLOAD_TYPES } from '@shared/constants/uploads';
import type { Database, Transaction } from '../../db/client';
import {
  documentPages,
  documents,
  extractedFields,
  extractionCorrections,
  trainingEvents,
} from '../../db/schema';
import { defineJob, type JobContext, type JobLogger } from '../../jobs/types';
import { BlobIntegrityError, BlobNotFoundError, type BlobStore } from '../../storage/blob-store';
import { organizationOf } from '../organizations/repository';
import type { DocumentReader } from './document-reader';
import { checkAgainstOrganization } from './field-checks';
import { assessReading, reviewReasonText } from './review';
import { documentStanding, evidenceNote } from './standing';
import {
  DocumentReadError,
  FIELD_NAMES,
  type Correction,
  type DocumentKind,
  type ExtractedFieldCandidate,
  type FieldName,
  type ReadResult,
} from './reading/types';

export const DOCUMENT_PROCESSING_JOB = 'documents.process';

/** Shown when processing failed for a reason of ours (every retry spent, worker lost). */
export const PROCESSING_FAILED_MESSAGE =
  'We could not process this document. Try Reprocess, or upload the file again.';

const CORRECTIONS_USED = 500;
const PAGE_BATCH = 50;

export const processingPayload = z.object({
  documentId: z.uuid(),
  organizationId: z.uuid(),
});
export type ProcessingPayload = z.infer<typeof processingPayload>;

export interface ProcessingDeps {
  db: Database;
  blobs: BlobStore;
  reader: DocumentReader;
  log?: JobLogger;
  /** E-mail for the notifications a read sends (a document that needs review). */
  mail?: MailSender;
  /** Tests shorten these; production keeps the defaults. */
  retries?: number;
  retryDelayMs?: number;
}

export function kindOfMime(mime: string): DocumentKind {
  const type = UPLOAD_TYPES.find((t) => t.mime === mime);
  if (!type) throw new DocumentReadError(`Files of type ${mime} cannot be read`);
  return type.kind;
}

// PostgreSQL text and jsonb cannot hold NUL characters; some PDFs' text layers contain them.
const clean = (text: string) => text.replaceAll('\u0000', '');

async function settleWithError(db: Database, payload: ProcessingPayload, message: string) {
  await db
    .update(documents)
    .set({ status: 'error', errorMessage: message })
    .where(
      and(
        eq(documents.id, payload.documentId),
        eq(documents.organizationId, payload.organizationId),
        inArray(documents.status, ['uploaded', 'processing']),
      ),
    );
}

async function correctionsOf(db: Database, organizationId: string): Promise<Correction[]> {
  const rows = await db
    .select()
    .from(extractionCorrections)
    .where(eq(extractionCorrections.organizationId, organizationId))
    .orderBy(desc(extractionCorrections.createdAt))
    .limit(CORRECTIONS_USED);
  return rows
    .filter((r) => (FIELD_NAMES as readonly string[]).includes(r.fieldName))
    .map((r) => ({
      fieldName: r.fieldName as FieldName,
      extractedValue: r.extractedValue,
      validatedValue: r.validatedValue,
    }));
}

/** Courses the organization's records name; the extractor's course is checked against them. */
async function coursesOf(db: Database, organizationId: string): Promise<string[]> {
  const rows = await db
    .selectDistinct({ course: trainingEvents.course })
    .from(trainingEvents)
    .where(eq(trainingEvents.organizationId, organizationId))
    .limit(1000);
  return rows.flatMap((r) => (r.course ? [r.course] : []));
}

type CheckedField = ExtractedFieldCandidate & { reviewNotes?: string[] };

async function store(
  tx: Transaction,
  payload: ProcessingPayload,
  originalName: string,
  read: ReadResult,
  fields: CheckedField[],
  reviewThreshold: number,
) {
  const { documentId, organizationId } = payload;
  const tables = new Map(read.tables.map((t) => [t.page, t]));
  // A retry after a failure past this point finds earlier rows; replace them.
  await tx.delete(documentPages).where(eq(documentPages.documentId, documentId));
  await tx.delete(extractedFields).where(eq(extractedFields.documentId, documentId));
  for (let i = 0; i < read.pages.length; i += PAGE_BATCH) {
    const batch = read.pages.slice(i, i + PAGE_BATCH).map((page) => {
      const table = tables.get(page.page);
      return {
        documentId,
        organizationId,
        page: page.page,
        text: clean(page.text),
        source: page.source,
        tableData: table
          ? {
              name: clean(table.name),
              header: table.header.map(clean),
              rows: table.rows.map((row) => row.map(clean)),
              lines: table.lines,
            }
          : null,
        boxWidth: page.geometry?.width ?? null,
        boxHeight: page.geometry?.height ?? null,
        quarterTurns: page.geometry?.quarterTurns ?? null,
        imageGeometry: page.geometry?.prepared ?? null,
      };
    });
    if (batch.length) await tx.insert(documentPages).values(batch);
  }
  if (fields.length) {
    await tx.insert(extractedFields).values(
      fields.map((f) => ({
        organizationId,
        documentId,
        fieldName: f.fieldName,
        extractedValue: clean(f.value),
        confidence: Math.min(1, Math.max(0, f.confidence)),
        page: f.page,
        box: f.box ?? null,
        refinedBy: f.refinedBy ?? null,
        reviewNotes: f.reviewNotes ?? null,
      })),
    );
  }
  const { classification, reasons, notes } = assessReading(originalName, read, fields, {
    reviewThreshold,
  });
  const standing = documentStanding({
    originalName,
    text: read.pages.map((p) => p.text).join('\n'),
    fieldNames: fields.map((f) => f.fieldName),
  });
  await tx
    .update(documents)
    .set({
      status: reasons.length > 0 ? 'needs_review' : 'processed',
      reviewReasons: reasons.length > 0 ? reasons : null,
      documentKind: classification.type,
      kindConfidence: classification.confidence,
      kindReason: classification.reason,
      evidenceNote: evidenceNote(standing),
      errorMessage: null,
      pageCount: read.pages.length,
      processedAt: sql`now()`,
    })
    .where(eq(documents.id, documentId));
  return { reasons, notes };
}

/**
 * uploaded → processing → processed, or needs_review with the reasons a person must look (nothing
 * legible, no expected field), or error with a message the user can act on.
 */
export async function processDocument(
  deps: ProcessingDeps,
  payload: ProcessingPayload,
  context: Pick<JobContext, 'signal'>,
) {
  const { db, blobs, reader } = deps;
  const [document] = await db
    .update(documents)
    .set({ status: 'processing', errorMessage: null, attempts: sql`${documents.attempts} + 1` })
    .where(
      and(
        eq(documents.id, payload.documentId),
        eq(documents.organizationId, payload.organizationId),
        isNull(documents.deletedAt),
        // A duplicate run of a settled document has nothing to do.
        inArray(documents.status, ['uploaded', 'processing']),
      ),
    )
    .returning();
  if (!document) return;

  const organization = await organizationOf(db, payload.organizationId).find();
  const reviewThreshold = organization
    ? organization.reviewThresholdPercent / 100
    : DEFAULT_REVIEW_THRESHOLD;
  let read: ReadResult;
  let fields: CheckedField[];
  try {
    const kind = kindOfMime(document.mimeType);
    read = await blobs.withFile(document.blobHash, (path) =>
      reader.read(path, kind, { signal: context.signal, maxPages: organization?.maxPages }),
    );
    fields = checkAgainstOrganization(
      await reader.extract(read, await correctionsOf(db, payload.organizationId)),
      await coursesOf(db, payload.organizationId),
    );
  } catch (error) {
    if (error instanceof DocumentReadError) {
      await settleWithError(db, payload, error.message);
      return;
    }
    if (error instanceof BlobNotFoundError || error instanceof BlobIntegrityError) {
      await settleWithError(
        db,
        payload,
        'The stored file is missing or damaged. Upload the file again.',
      );
      deps.log?.error({ err: error, documentId: document.id }, 'document blob unreadable');
      return;
    }
    throw error;
  }

  await db.transaction(async (tx) => {
    const [current] = await tx
      .select({ id: documents.id })
      .from(documents)
      .where(
        and(
          eq(documents.id, payload.documentId),
          eq(documents.status, 'processing'),
          isNull(documents.deletedAt),
        ),
      )
      .for('update');
    // Deleted while we read: this run's results are not wanted.
    if (!current) return;
    const { reasons, notes } = await store(
      tx,
      payload,
      document.originalName,
      read,
      fields,
      reviewThreshold,
    );
    if (reasons.length === 0) return;
    // A document nobody may overlook: the uploader and the organization's admins are told.
    await notify(
      tx,
      {
        organizationId: payload.organizationId,
        kind: 'validation',
        text: (t, language) => ({
          title: t('documentReview.title', { name: document.originalName }),
          body: notes.map((n) => reviewReasonText(n, language)).join(' '),
        }),
        link: `/documents/${document.id}`,
        to: { userIds: [document.uploadedBy], roles: ['admin'] },
      },
      deps.mail,
    );
  });
}

export function documentProcessingJob(deps: ProcessingDeps) {
  return defineJob<ProcessingPayload>({
    name: DOCUMENT_PROCESSING_JOB,
    payload: processingPayload,
    retries: deps.retries ?? 3,
    backoff: { delayMs: deps.retryDelayMs ?? 10_000, maxDelayMs: 5 * 60_000 },
    // Generous: a 200-page scan OCRs at about a page a second per worker.
    timeoutMs: 20 * 60_000,
    handler: (payload, context) => processDocument(deps, payload, context),
    onFinalFailure: (payload) => settleWithError(deps.db, payload, PROCESSING_FAILED_MESSAGE),
  });
}
