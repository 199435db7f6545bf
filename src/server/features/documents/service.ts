import type { Readable } from 'node:stream';
import { ERROR_CODES } from '@shared/api/errors';
import type { CaptureMetadata, DocumentDetail } from '@shared/api/documents';
import { findPlan } from '@shared/constants/plans';
import type { Database, Transaction } from '../../db/client';
import type { Actor } from '../../http/actor';
import { AppError, conflict, notFound } from '../../http/errors';
import type { JobDefinition, JobQueue } from '../../jobs/types';
import { importTableOf, readImportTable } from '../../import/import-file';
import type { TabularFormat, TabularTable } from '../../import/table';
import { BlobNotFoundError, type BlobStore } from '../../storage/blob-store';
import { recordAudit } from '../activity/service';
import { organizationOf } from '../organizations/repository';
export { LANGUAGE_DATA_DIR, OCR_ENGINE } from './reading/ocr-engine';
import { pageBoxSpaces, pageImageOf, type PageImage } from './page-image';
import { byFieldOrder, toDocumentDetail, toExtractedItem } from './present';
import type { ProcessingPayload } from './processing-job';
import { documentsOf, type DocumentRow } from './repository';
import type { ReceivedFile } from './upload/receive';

/**
 * What the record import uses of the extractor: its column mapping of a table (its label
 * vocabulary and what the cells hold) and its reading of dates as people write them.
 */
export { parseDate } from './extraction/dates';
export { mapColumns } from './extraction/table-columns';

/** The reader the process builds once (src/server/services.ts) for the processing job. */
export {
  createDocumentReader,
  lazyOcrPool,
  withModelRefinement,
  type DocumentReader,
} from './document-reader';
export type { OcrPool } from './reading/types';

/** What kind of document a file is, from its name, text and fields (the audit's evidence kinds). */
export { classifyDocument, type Classification, type ClassifiableDocument } from './classify';
export { documentStanding, type DocumentStanding } from './standing';

/** The documents' part of the dashboard: Pending Reviews and AI Accuracy with their trends. */
export { documentFigures } from './dashboard-figures';

export interface DocumentServices {
  db: Database;
  blobs: BlobStore;
  jobs: JobQueue;
  processing: JobDefinition<ProcessingPayload>;
}

const documentNotFound = () => notFound('Document');

function planLimitError(limit: number) {
  return new AppError(
    403,
    ERROR_CODES.planLimit,
    `Your plan allows ${limit} documents. Delete documents or change plan to upload more.`,
  );
}

/** Throws when `adding` more documents would pass the plan's limit. */
export async function assertDocumentRoom(db: Database | Transaction, actor: Actor, adding = 1) {
  const limit = findPlan(actor.organizationPlan)?.documentLimit ?? null;
  if (limit === null) return;
  if ((await documentsOf(db, actor.organizationId).count()) + adding > limit) {
    throw planLimitError(limit);
  }
}

/**
 * Stores the received files (identical bytes once), then records the documents, their audit
 * entries and their processing jobs in one transaction under the organization's lock, so the
 * plan limit holds when several uploads arrive at once.
 */
export async function uploadDocuments(
  services: DocumentServices,
  actor: Actor,
  files: ReceivedFile[],
  metadata: CaptureMetadata | null,
): Promise<{ documents: DocumentDetail[]; duplicate: boolean }> {
  const { db, blobs, jobs, processing } = services;
  const captureId = metadata?.captureId ?? null;
  // A capture sent again (a retry after a lost answer) is the document it already made.
  if (captureId) {
    const earlier = await documentsOf(db, actor.organizationId).findByCapture(captureId);
    if (earlier) return { documents: [toDocumentDetail(earlier)], duplicate: true };
  }
  for (const file of files) await blobs.putFile(file.path, file.sha256);
  const result = await db.transaction(async (tx) => {
    await organizationOf(tx, actor.organizationId).lock();
    if (captureId) {
      // Under the organization's lock: two copies of one capture arriving together make one.
      const earlier = await documentsOf(tx, actor.organizationId).findByCapture(captureId);
      if (earlier) return { rows: [earlier], duplicate: true };
    }
    await assertDocumentRoom(tx, actor, files.length);
    const inserted = await documentsOf(tx, actor.organizationId).insert(
      files.map((file) => ({
        originalName: file.originalName,
        mimeType: file.type.mime,
        sizeBytes: file.size,
        blobHash: file.sha256,
        status: 'uploaded',
        uploadedBy: actor.userId,
        metadata,
        captureId,
      })),
    );
    for (const row of inserted) {
      await recordAudit(tx, {
        organizationId: actor.organizationId,
        actorId: actor.userId,
        action: 'upload_document',
        details: {
          filename: row.originalName,
          documentId: row.id,
          // The capture's hash, place and time go into the ledger with the upload's entry.
          ...(metadata?.sha256 ? { capture: captureLeafDetails(metadata, row.blobHash) } : {}),
        },
      });
      await jobs.send(
        processing,
        { documentId: row.id, organizationId: actor.organizationId },
        { tx },
      );
    }
    return { rows: inserted, duplicate: false };
  });
  return {
    documents: result.rows.map((row) => toDocumentDetail(row)),
    duplicate: result.duplicate,
  };
}

/** What the ledger keeps of a field capture: enough to prove the photo, its place and time. */
function captureLeafDetails(metadata: CaptureMetadata, storedSha256: string) {
  return {
    captureId: metadata.captureId ?? null,
    sha256: storedSha256,
    originalSha256: metadata.originalSha256 ?? null,
    originalBytes: metadata.originalBytes ?? null,
    capturedAt: metadata.timestamp ?? null,
    location: metadata.location ?? null,
    accuracy: metadata.accuracy ?? null,
    device: metadata.device ?? null,
  };
}

export async function listDocuments(db: Database, actor: Actor) {
  return (await documentsOf(db, actor.organizationId).list()).map((row) =>
    toDocumentDetail(row, row.awaiting),
  );
}

async function findDocument(db: Database, actor: Actor, id: string): Promise<DocumentRow> {
  const row = await documentsOf(db, actor.organizationId).find(id);
  if (!row) throw documentNotFound();
  return row;
}

export async function getDocument(db: Database, actor: Actor, id: string) {
  const row = await findDocument(db, actor, id);
  return toDocumentDetail(row, await documentsOf(db, actor.organizationId).awaiting(id));
}

export async function listExtractedData(db: Database, actor: Actor, id: string) {
  const repo = documentsOf(db, actor.organizationId);
  if (!(await repo.find(id))) throw documentNotFound();
  return (await repo.fields([id])).map(toExtractedItem).sort(byFieldOrder);
}

export async function listPages(db: Database, actor: Actor, id: string) {
  const repo = documentsOf(db, actor.organizationId);
  if (!(await repo.find(id))) throw documentNotFound();
  const boxSpaces = await pageBoxSpaces(db, actor.organizationId, id);
  return (await repo.pages(id)).map((p) => ({
    page: p.page,
    text: p.text,
    source: p.source as 'text-layer' | 'ocr' | 'table' | 'docx',
    boxWidth: boxSpaces.get(p.page)?.boxWidth ?? null,
    boxHeight: boxSpaces.get(p.page)?.boxHeight ?? null,
  }));
}

/**
 * A page of a PDF or image document drawn as its field boxes see it (PNG, long side at most
 * PAGE_IMAGE_LONG_SIDE), for validation beside the original, with its ETag (no PNG when
 * `ifNoneMatch` is current). 404 for another organization's document, a page it does not have,
 * and spreadsheets and Word documents (no page image).
 */
export async function documentPageImage(
  services: Pick<DocumentServices, 'db' | 'blobs'>,
  actor: Actor,
  id: string,
  page: number,
  ifNoneMatch?: string,
): Promise<PageImage> {
  return pageImageOf(services, await findDocument(services.db, actor, id), page, ifNoneMatch);
}

export async function openDocumentFile(
  services: Pick<DocumentServices, 'db' | 'blobs'>,
  actor: Actor,
  id: string,
): Promise<{ document: DocumentRow; stream: Readable }> {
  const document = await findDocument(services.db, actor, id);
  try {
    return { document, stream: await services.blobs.openRead(document.blobHash) };
  } catch (error) {
    if (error instanceof BlobNotFoundError) throw notFound('Document file');
    throw error;
  }
}

const SPREADSHEET_FORMATS: Readonly<Record<string, TabularFormat>> = {
  'text/csv': 'csv',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'xlsx',
};

/**
 * The first sheet of a spreadsheet document, for the record import, held to the import's limits
 * (`src/server/import/`): the table the processing job stored, or, for a document not processed
 * yet or processed before row numbers were stored, its file read by the same reader. `sheet` is
 * null when the document is not a spreadsheet.
 */
export async function readDocumentSheet(
  services: Pick<DocumentServices, 'db' | 'blobs'>,
  actor: Actor,
  id: string,
): Promise<{
  document: DocumentRow;
  sheet: { format: TabularFormat; table: TabularTable } | null;
}> {
  const document = await findDocument(services.db, actor, id);
  const format = SPREADSHEET_FORMATS[document.mimeType];
  if (!format) return { document, sheet: null };
  const stored = await documentsOf(services.db, actor.organizationId).tables(id);
  if (stored.length > 0 && stored.every(({ table }) => table?.lines)) {
    // The job stores a workbook's sheets that have rows by position; an import reads the first.
    const first = stored.find(({ page }) => page === 1)?.table;
    const table = first && {
      name: first.name,
      sheet: 1,
      header: first.header,
      rows: first.rows.map((cells, i) => ({ line: first.lines![i]!, cells })),
    };
    return { document, sheet: { format, table: importTableOf(table ?? undefined) } };
  }
  try {
    const table = await services.blobs.withFile(document.blobHash, (path) =>
      readImportTable(path, format),
    );
    return { document, sheet: { format, table } };
  } catch (error) {
    if (error instanceof BlobNotFoundError) throw notFound('Document file');
    throw error;
  }
}

/** Reads the document again from its stored file; extracted fields are replaced. */
export async function reprocessDocument(services: DocumentServices, actor: Actor, id: string) {
  const { db, jobs, processing } = services;
  const row = await db.transaction(async (tx) => {
    const repo = documentsOf(tx, actor.organizationId);
    const document = await repo.find(id, { lock: true });
    if (!document) throw documentNotFound();
    if (document.status === 'uploaded' || document.status === 'processing') {
      throw conflict('This document is already being processed');
    }
    const [updated] = await repo.update(id, {
      status: 'uploaded',
      errorMessage: null,
      reviewReasons: null,
      processedAt: null,
      validatedAt: null,
    });
    await recordAudit(tx, {
      organizationId: actor.organizationId,
      actorId: actor.userId,
      action: 'reprocess_document',
      details: { filename: document.originalName, documentId: id },
    });
    await jobs.send(processing, { documentId: id, organizationId: actor.organizationId }, { tx });
    return updated!;
  });
  return toDocumentDetail(row, false);
}

/**
 * Soft delete: the row stays for the audit trail and the ledger, hidden from every list and
 * lookup; the stored file stays too, since other documents may share its bytes.
 */
export async function deleteDocument(db: Database, actor: Actor, id: string) {
  await db.transaction(async (tx) => {
    const repo = documentsOf(tx, actor.organizationId);
    const document = await repo.find(id, { lock: true });
    if (!document) throw documentNotFound();
    await repo.update(id, { deletedAt: new Date(), deletedBy: actor.userId });
    await recordAudit(tx, {
      organizationId: actor.organizationId,
      actorId: actor.userId,
      action: 'delete_document',
      details: { filename: document.originalName, documentId: id },
    });
  });
}
