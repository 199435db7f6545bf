import type {
  ChecklistHistory,
  ChecklistItemState,
  ChecklistResponse,
  UpdateChecklistItemRequest,
} from '@shared/api/checklist';
import { ERROR_CODES } from '@shared/api/errors';
import { CHECKLIST_AREAS } from '@shared/checklist/areas';
import { CURRENT_CATALOGUE } from '@shared/checklist/catalogue';
import { STATUS_LABELS, type CatalogueItem, type ChecklistStatus } from '@shared/checklist/types';
import type { Database, DbOrTx } from '../../db/client';
import type { ChecklistChange } from '../../db/schema';
import type { Actor } from '../../http/actor';
import { AppError, notFound } from '../../http/errors';
import { recordAudit } from '../activity/service';
import { readCatalogue, readCatalogueItem } from './catalogue-store';
import { checklistOf, type ResponseValues } from './repository';

type Responses = Awaited<ReturnType<ReturnType<typeof checklistOf>['responses']>>;
type Evidence = Awaited<ReturnType<ReturnType<typeof checklistOf>['evidence']>>;

/** A save based on a revision that is no longer current; carries the item as it is now. */
export class ChecklistConflictError extends AppError {
  constructor(readonly current: ChecklistItemState) {
    const who = current.updatedBy ? ` by ${current.updatedBy.name || current.updatedBy.email}` : '';
    super(
      409,
      ERROR_CODES.conflict,
      `Item ${current.number} was changed${who} after you opened it. Review the current version, then save again.`,
    );
  }
}

export function toItemState(
  item: CatalogueItem,
  response: Responses[number] | undefined,
  evidence: Evidence,
): ChecklistItemState {
  return {
    id: item.number,
    number: item.number,
    areaId: item.areaId,
    description: item.description,
    reference: item.reference,
    status: (response?.status ?? 'pending') as ChecklistStatus,
    comments: response?.comments ?? '',
    findings: response?.findings ?? '',
    evidence: evidence.map(({ itemNumber: _n, ...e }) => e),
    revision: response?.revision ?? 0,
    updatedAt: response && response.revision > 0 ? response.updatedAt.toISOString() : null,
    updatedBy: response && response.revision > 0 ? response.updatedByPerson : null,
  };
}

async function itemState(db: DbOrTx, actor: Actor, item: CatalogueItem) {
  const repo = checklistOf(db, actor.organizationId);
  const [responses, evidence] = [
    await repo.responses(item.number),
    await repo.evidence(item.number),
  ];
  return toItemState(item, responses[0], evidence);
}

async function catalogueItemOr404(db: DbOrTx, version: number, itemNumber: string) {
  const row = await readCatalogueItem(db, version, itemNumber);
  if (!row) throw notFound(`Checklist item ${itemNumber}`);
  return {
    number: row.number,
    areaId: row.areaId as CatalogueItem['areaId'],
    description: row.description,
    reference: row.reference,
  };
}

/** The catalogue with the organization's responses and evidence (GET /api/checklist). */
export async function getChecklist(
  db: Database,
  actor: Actor,
  version = CURRENT_CATALOGUE.version,
): Promise<ChecklistResponse> {
  const catalogue = await readCatalogue(db, version);
  if (!catalogue) throw new Error(`checklist catalogue v${version} is not loaded`);
  const repo = checklistOf(db, actor.organizationId);
  const responses = new Map((await repo.responses()).map((r) => [r.itemNumber, r]));
  const evidence = new Map<string, Evidence>();
  for (const e of await repo.evidence()) {
    const list = evidence.get(e.itemNumber) ?? [];
    list.push(e);
    evidence.set(e.itemNumber, list);
  }
  const items = catalogue.items.map((item) =>
    toItemState(item, responses.get(item.number), evidence.get(item.number) ?? []),
  );
  return {
    catalogueVersion: catalogue.version,
    catalogueLabel: catalogue.label,
    areas: CHECKLIST_AREAS.map((a) => ({
      id: a.id,
      number: a.number,
      name: a.name,
      description: a.description,
      count: items.filter((i) => i.areaId === a.id).length,
    })),
    items,
  };
}

/** What a save changes, field by field; status values are stored, labels are for people. */
export function diffResponse(
  current: ResponseValues,
  next: Partial<ResponseValues>,
): ChecklistChange[] {
  const changes: ChecklistChange[] = [];
  for (const field of ['status', 'comments', 'findings'] as const) {
    const to = next[field];
    if (to !== undefined && to !== current[field])
      changes.push({ field, from: current[field], to });
  }
  return changes;
}

export function auditDetails(itemNumber: string, revision: number, changes: ChecklistChange[]) {
  const status = changes.find((c) => c.field === 'status');
  return {
    itemNumber,
    revision,
    fields: changes.map((c) => c.field),
    // Text can be 20,000 characters; the trail names the change, the history keeps the text.
    ...(status && {
      status: {
        from: STATUS_LABELS[status.from as ChecklistStatus],
        to: STATUS_LABELS[status.to as ChecklistStatus],
      },
    }),
  };
}

/**
 * Saves a status, comments or findings. Optimistic concurrency: `input.revision` must be the
 * current revision, otherwise nothing is written and a 409 carries the current item.
 */
export async function updateChecklistItem(
  db: Database,
  actor: Actor,
  itemNumber: string,
  input: UpdateChecklistItemRequest,
  version = CURRENT_CATALOGUE.version,
): Promise<ChecklistItemState> {
  const item = await catalogueItemOr404(db, version, itemNumber);
  return db.transaction(async (tx) => {
    const repo = checklistOf(tx, actor.organizationId);
    const row = await repo.lockResponse(itemNumber);
    if (row.revision !== input.revision) {
      throw new ChecklistConflictError(await itemState(tx, actor, item));
    }
    const changes = diffResponse(row, input);
    if (changes.length === 0) return itemState(tx, actor, item);
    const revision = row.revision + 1;
    await repo.saveResponse(
      itemNumber,
      {
        status: input.status ?? row.status,
        comments: input.comments ?? row.comments,
        findings: input.findings ?? row.findings,
      },
      revision,
      actor.userId,
    );
    await repo.addHistory([
      { itemNumber, actorId: actor.userId, source: 'edit', revision, changes },
    ]);
    await recordAudit(tx, {
      organizationId: actor.organizationId,
      actorId: actor.userId,
      action: 'update_checklist_item',
      details: auditDetails(itemNumber, revision, changes),
    });
    return itemState(tx, actor, item);
  });
}

export async function getItemHistory(
  db: Database,
  actor: Actor,
  itemNumber: string,
  version = CURRENT_CATALOGUE.version,
): Promise<ChecklistHistory> {
  await catalogueItemOr404(db, version, itemNumber);
  const entries = await checklistOf(db, actor.organizationId).history(itemNumber);
  return {
    itemNumber,
    entries: entries.map((e) => ({
      id: e.id,
      at: e.createdAt.toISOString(),
      actor: e.actor,
      source: e.source as 'edit' | 'import',
      revision: e.revision,
      changes: e.changes,
    })),
  };
}

/** Attaches one of the organization's documents; attaching it again changes nothing. */
export async function linkEvidence(
  db: Database,
  actor: Actor,
  itemNumber: string,
  documentId: string,
  version = CURRENT_CATALOGUE.version,
): Promise<ChecklistItemState> {
  const item = await catalogueItemOr404(db, version, itemNumber);
  return db.transaction(async (tx) => {
    const repo = checklistOf(tx, actor.organizationId);
    const document = await repo.findDocument(documentId);
    if (!document) throw notFound('Document');
    if (await repo.link(itemNumber, documentId, actor.userId)) {
      await recordEvidenceChange(
        tx,
        actor,
        itemNumber,
        { from: null, to: document.name },
        documentId,
      );
    }
    return itemState(tx, actor, item);
  });
}

export async function unlinkEvidence(
  db: Database,
  actor: Actor,
  itemNumber: string,
  documentId: string,
  version = CURRENT_CATALOGUE.version,
): Promise<ChecklistItemState> {
  const item = await catalogueItemOr404(db, version, itemNumber);
  return db.transaction(async (tx) => {
    const repo = checklistOf(tx, actor.organizationId);
    const document = await repo.findDocument(documentId);
    if (!document || !(await repo.unlink(itemNumber, documentId))) {
      throw notFound('Evidence link');
    }
    await recordEvidenceChange(
      tx,
      actor,
      itemNumber,
      { from: document.name, to: null },
      documentId,
    );
    return itemState(tx, actor, item);
  });
}

async function recordEvidenceChange(
  tx: DbOrTx,
  actor: Actor,
  itemNumber: string,
  change: { from: string | null; to: string | null },
  documentId: string,
) {
  const repo = checklistOf(tx, actor.organizationId);
  const [response] = await repo.responses(itemNumber);
  await repo.addHistory([
    {
      itemNumber,
      actorId: actor.userId,
      source: 'edit',
      revision: response?.revision ?? 0,
      changes: [{ field: 'evidence', ...change }],
    },
  ]);
  await recordAudit(tx, {
    organizationId: actor.organizationId,
    actorId: actor.userId,
    action: change.to ? 'link_checklist_evidence' : 'unlink_checklist_evidence',
    details: { itemNumber, documentId, documentName: change.to ?? change.from },
  });
}
