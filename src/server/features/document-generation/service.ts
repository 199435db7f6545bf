import type {
  ApproveResponse,
  DownloadFormat,
  GenerationRun,
  SmartAuditResponse,
} from '@shared/api/document-generation';
import type { Database } from '../../db/client';
import type { Actor } from '../../http/actor';
import { notFound } from '../../http/errors';
import { BlobNotFoundError, type BlobStore } from '../../storage/blob-store';
import { recordAudit } from '../activity/service';
import { linkEvidence } from '../checklist/service';
import { documentsOf } from '../documents/repository';
import { toGeneratedDocument } from './present';
import { renderPdf } from './render/pdf';
import { generationOf } from './repository';
import type { DraftDocument } from './templates/types';

const generatedNotFound = () => notFound('Generated document');

export async function getRun(db: Database, actor: Actor, id: string): Promise<GenerationRun> {
  const run = await generationOf(db, actor.organizationId).findRun(id);
  if (!run) throw notFound('Audit run');
  return {
    id: run.id,
    status: run.status as GenerationRun['status'],
    phase: run.phase,
    progress: run.progress,
    errorMessage: run.errorMessage,
    createdAt: run.createdAt.toISOString(),
    finishedAt: run.finishedAt?.toISOString() ?? null,
  };
}

/**
 * The last completed audit, with its generated documents as they are now: approved ones say so,
 * and drafts deleted or superseded since are left out.
 */
export async function getLatestAudit(
  db: Database,
  actor: Actor,
): Promise<SmartAuditResponse | null> {
  const repo = generationOf(db, actor.organizationId);
  const run = await repo.latestCompletedRun();
  if (!run?.result) return null;
  const result = run.result as unknown as SmartAuditResponse;
  const current = new Map(
    (await repo.findMany(result.generatedDocuments.map((d) => d.id))).map((r) => [r.id, r]),
  );
  const generatedDocuments = result.generatedDocuments.flatMap((d) => {
    const row = current.get(d.id);
    return row ? [toGeneratedDocument(row, d.metadata.fallbackReason)] : [];
  });
  return { ...result, generatedDocuments };
}

export interface DownloadFile {
  filename: string;
  contentType: string;
  body: Buffer | NodeJS.ReadableStream;
  size?: number;
}

export async function downloadGenerated(
  services: { db: Database; blobs: BlobStore },
  actor: Actor,
  id: string,
  format: DownloadFormat,
): Promise<DownloadFile> {
  const row = await generationOf(services.db, actor.organizationId).find(id);
  if (!row) throw generatedNotFound();
  const base = row.filename.replace(/\.txt$/, '');
  if (format === 'txt') {
    return {
      filename: row.filename,
      contentType: 'text/plain; charset=utf-8',
      body: Buffer.from(row.content, 'utf8'),
    };
  }
  if (format === 'pdf') {
    return {
      filename: `${base}.pdf`,
      contentType: 'application/pdf',
      body: await renderPdf(row.draft as unknown as DraftDocument, row.createdAt),
    };
  }
  const document = await documentsOf(services.db, actor.organizationId).find(row.documentId);
  if (!document) throw generatedNotFound();
  try {
    return {
      filename: document.originalName,
      contentType: document.mimeType,
      body: await services.blobs.openRead(document.blobHash),
      size: document.sizeBytes,
    };
  } catch (error) {
    if (error instanceof BlobNotFoundError) throw notFound('Document file');
    throw error;
  }
}

/**
 * An admin adopts a generated document: it becomes validated and is attached as evidence to each
 * checklist item it serves (through the checklist's own evidence service, which writes the item
 * history and audit entries). Approving again re-attaches any link removed since.
 */
export async function approveGenerated(
  db: Database,
  actor: Actor,
  id: string,
): Promise<ApproveResponse> {
  const row = await db.transaction(async (tx) => {
    const repo = generationOf(tx, actor.organizationId);
    const found = await repo.find(id, { lock: true });
    if (!found) throw generatedNotFound();
    if (found.status === 'approved') return found;
    const now = new Date();
    const [updated] = await repo.update(id, {
      status: 'approved',
      approvedBy: actor.userId,
      approvedAt: now,
    });
    await documentsOf(tx, actor.organizationId).update(found.documentId, {
      status: 'validated',
      validatedAt: now,
    });
    await recordAudit(tx, {
      organizationId: actor.organizationId,
      actorId: actor.userId,
      action: 'approve_generated_document',
      details: {
        filename: found.filename,
        documentId: found.documentId,
        documentType: found.documentType,
        checklistItems: found.checklistItems,
      },
    });
    return updated!;
  });
  for (const itemNumber of row.checklistItems) {
    await linkEvidence(db, actor, itemNumber, row.documentId);
  }
  return { document: toGeneratedDocument(row), linkedItems: row.checklistItems };
}
