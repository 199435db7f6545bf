import { randomUUID } from 'node:crypto';
import type {
  GeneratedDocument,
  SmartAuditRequest,
  SmartAuditResponse,
} from '@shared/api/document-generation';
import type { ChatModel } from '../../ai/chat-model';
import type { Database } from '../../db/client';
import type { Actor } from '../../http/actor';
import { conflict } from '../../http/errors';
import { sha256Of, type BlobStore } from '../../storage/blob-store';
import { recordAudit } from '../activity/service';
import { documentsOf } from '../documents/repository';
import { assertDocumentRoom } from '../documents/service';
import { organizationOf } from '../organizations/repository';
import { buildDraft } from './draft';
import { gatherFacts, loadChecklistState, loadUploadedDocuments } from './facts';
import { analyzeGaps, summarizeGaps, uploadRequestText } from './gap-analysis';
import { draftWithModel } from './model-drafting';
import { toGeneratedDocument } from './present';
import { renderDocx } from './render/docx';
import { renderText } from './render/text';
import { generationOf, type GeneratedRow } from './repository';
import { requirementFor, type RequirementCode } from './requirements';
import type { DraftDocument, OrganizationFacts } from './templates/types';

export interface GenerationServices {
  db: Database;
  blobs: BlobStore;
  /** The configured chat model, or null: templates only. */
  model: ChatModel | null;
  now?: () => Date;
}

/** A run still marked running after this long died with its process and blocks nothing. */
const STALE_RUN_MS = 15 * 60_000;

const DOCX_MIME = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

/** Progress shares of the phases: reading and analysis, then one step per document, then saving. */
const PROGRESS = { read: 5, facts: 15, analyse: 25, drafting: 90, done: 100 } as const;

interface Drafted {
  draft: DraftDocument;
  content: string;
  aiGenerated: boolean;
  fallbackReason: string | null;
}

/**
 * The smart audit: reads what the organization has stored, finds the required documents it lacks,
 * drafts those it can write from its own records, saves them as documents of the organization, and
 * lists what only it can supply. Phases and progress are written to the run as it goes, so the
 * screen can show them while the request is under way.
 */
export async function runSmartAudit(
  services: GenerationServices,
  actor: Actor,
  request: SmartAuditRequest,
): Promise<SmartAuditResponse> {
  const { db, model } = services;
  const now = services.now?.() ?? new Date();
  const repo = generationOf(db, actor.organizationId);
  const runId = request.runId ?? randomUUID();
  if (request.runId && (await repo.findRun(runId))) {
    throw conflict('This audit run has already been started');
  }
  if (await repo.activeRun(new Date(now.getTime() - STALE_RUN_MS))) {
    throw conflict('An audit is already running for your organization. Wait for it to finish.');
  }
  await repo.insertRun({ id: runId, startedBy: actor.userId, phase: 'Reading your documents' });
  const progress = (phase: string, value: number) =>
    repo.updateRun(runId, { phase, progress: Math.round(value) });

  try {
    await progress('Reading your documents', PROGRESS.read);
    const uploaded = await loadUploadedDocuments(db, actor.organizationId);
    const checklist = await loadChecklistState(db, actor.organizationId);
    const live = await repo.list();
    const approved = new Map(
      live.filter((g) => g.status === 'approved').map((g) => [g.documentType, { title: g.title }]),
    );

    await progress('Reading checklist answers and training records', PROGRESS.facts);
    const facts = await gatherFacts(db, actor, uploaded, now);

    await progress('Comparing your records with Part 142 requirements', PROGRESS.analyse);
    const requirements = analyzeGaps({ documents: uploaded, ...checklist, approved });
    const gaps = summarizeGaps(requirements);

    const toDraft = gaps.documentGaps.canAutoGenerate as RequirementCode[];
    const generated: GeneratedDocument[] = [];
    let modelAvailable = model !== null;
    let used = 0;
    let fallbacks = 0;
    const notes = new Set<string>();
    for (const [index, type] of toDraft.entries()) {
      const title = requirementFor(type)!.title;
      await progress(
        `Drafting ${title} (${index + 1} of ${toDraft.length})`,
        PROGRESS.analyse + ((PROGRESS.drafting - PROGRESS.analyse) * index) / toDraft.length,
      );
      const drafted = await draftDocument(type, facts, modelAvailable ? model : null);
      if (model) {
        if (drafted.aiGenerated) used++;
        else {
          fallbacks++;
          notes.add(drafted.fallbackReason ?? 'The model was not asked; template text used.');
        }
        if (drafted.giveUp) modelAvailable = false;
      }
      const row = await saveDraft(services, actor, runId, drafted, live, now);
      generated.push(toGeneratedDocument(row, drafted.fallbackReason));
    }

    await progress('Saving results', PROGRESS.drafting);
    const missingUploads = requirements.filter(
      (r) => r.status === 'missing' && r.action === 'upload',
    );
    const response: SmartAuditResponse = {
      summary: {
        aiPowered: generated.some((g) => g.metadata.aiGenerated),
        documentsGenerated: generated.length,
        documentsNeeded: missingUploads.length,
        total: gaps.total,
        compliant: gaps.compliant,
        criticalIssues: gaps.criticalIssues,
      },
      documentGaps: gaps.documentGaps,
      generatedDocuments: generated,
      uploadRequests: gaps.documentGaps.requiresExternalUpload.map((code) =>
        uploadRequestText(missingUploads.find((r) => r.documentType === code)!),
      ),
      runId,
      generatedAt: now.toISOString(),
      organizationName: actor.organizationName,
      requirements,
      ai: {
        configured: model !== null,
        model: model?.name ?? null,
        used,
        fallbacks,
        note: aiNote(model, used, fallbacks, notes),
      },
    };
    await recordAudit(db, {
      organizationId: actor.organizationId,
      actorId: actor.userId,
      action: 'run_smart_audit',
      details: {
        runId,
        documentsGenerated: generated.length,
        documentsNeeded: missingUploads.length,
        aiPowered: response.summary.aiPowered,
      },
    });
    await repo.updateRun(runId, {
      status: 'completed',
      phase: 'Complete',
      progress: PROGRESS.done,
      result: response as unknown as Record<string, unknown>,
      finishedAt: new Date(),
    });
    return response;
  } catch (error) {
    await repo.updateRun(runId, {
      status: 'failed',
      phase: 'Failed',
      errorMessage: error instanceof Error ? error.message : 'Unknown error occurred',
      finishedAt: new Date(),
    });
    throw error;
  }
}

function aiNote(model: ChatModel | null, used: number, fallbacks: number, notes: Set<string>) {
  if (!model) return 'No model is configured: every document was drafted from its template.';
  if (fallbacks === 0) return null;
  const reasons = [...notes].join(' ');
  return used === 0
    ? `The model ${model.name} was not used: ${reasons}`
    : `${fallbacks} document${fallbacks === 1 ? '' : 's'} kept the template text: ${reasons}`;
}

async function draftDocument(
  type: RequirementCode,
  facts: OrganizationFacts,
  model: ChatModel | null,
): Promise<Drafted & { giveUp: boolean }> {
  const template = buildDraft(type, facts);
  const outcome = model
    ? await draftWithModel(model, template, facts)
    : { draft: template, aiGenerated: false, fallbackReason: null, giveUp: false };
  return { ...outcome, content: renderText(outcome.draft) };
}

/**
 * Saves a draft as a document of the organization (DOCX in the blob store, its text as the
 * document's page, source `generated`) with its audit entry. An earlier draft of the same type
 * with the same text is kept instead; one with other text is superseded.
 */
async function saveDraft(
  services: GenerationServices,
  actor: Actor,
  runId: string,
  drafted: Drafted,
  live: GeneratedRow[],
  now: Date,
): Promise<GeneratedRow> {
  const { db, blobs } = services;
  const contentHash = sha256Of(Buffer.from(drafted.content, 'utf8'));
  const earlier = live.filter((g) => g.documentType === drafted.draft.type && g.status === 'draft');
  const same = earlier.find((g) => g.contentHash === contentHash);
  if (same) return same;

  const docx = await renderDocx(drafted.draft);
  const stored = await blobs.putBytes(docx);
  const requirement = requirementFor(drafted.draft.type)!;
  return db.transaction(async (tx) => {
    await organizationOf(tx, actor.organizationId).lock();
    const documentsRepo = documentsOf(tx, actor.organizationId);
    const repo = generationOf(tx, actor.organizationId);
    for (const old of earlier) {
      await repo.update(old.id, { status: 'superseded' });
      await documentsRepo.update(old.documentId, { deletedAt: now, deletedBy: actor.userId });
      await recordAudit(tx, {
        organizationId: actor.organizationId,
        actorId: actor.userId,
        action: 'supersede_generated_document',
        details: { filename: old.filename, documentId: old.documentId, runId },
      });
    }
    await assertDocumentRoom(tx, actor, 1);
    const [document] = await documentsRepo.insert([
      {
        originalName: `${drafted.draft.slug}.docx`,
        mimeType: DOCX_MIME,
        sizeBytes: stored.size,
        blobHash: stored.sha256,
        status: 'processed',
        uploadedBy: actor.userId,
        source: 'generated',
        pageCount: 1,
        processedAt: now,
      },
    ]);
    await documentsRepo.insertPages([
      { documentId: document!.id, page: 1, text: drafted.content, source: 'docx' },
    ]);
    const [row] = await repo.insert({
      runId,
      documentId: document!.id,
      documentType: drafted.draft.type,
      title: drafted.draft.title,
      filename: `${drafted.draft.slug}.txt`,
      content: drafted.content,
      contentHash,
      draft: drafted.draft as unknown as Record<string, unknown>,
      aiGenerated: drafted.aiGenerated,
      modelName: drafted.aiGenerated ? (services.model?.name ?? null) : null,
      regulatoryBasis: requirement.regulatoryBasis,
      checklistItems: requirement.checklistItems,
      createdBy: actor.userId,
    });
    await recordAudit(tx, {
      organizationId: actor.organizationId,
      actorId: actor.userId,
      action: 'generate_document',
      details: {
        filename: document!.originalName,
        documentId: document!.id,
        documentType: drafted.draft.type,
        aiGenerated: drafted.aiGenerated,
        runId,
      },
    });
    return row!;
  });
}
