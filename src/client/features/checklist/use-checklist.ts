import { useQuery, type QueryClient } from '@tanstack/react-query';
import {
  checklistConflict,
  checklistHistory,
  checklistItem,
  checklistResponse,
  type ChecklistItemState,
  type ChecklistResponse,
  type UpdateChecklistItemRequest,
} from '@shared/api/checklist';
import { errorBody } from '@shared/api/errors';
import { ApiError, apiRequest } from '../../lib/api';
import { AUDIT_LOGS_KEY } from '../dashboard/use-audit-logs';

export const CHECKLIST_KEY = ['/api/checklist'] as const;
export const historyKey = (itemNumber: string) =>
  ['/api/checklist', itemNumber, 'history'] as const;

/** The catalogue with the organization's responses; both checklist screens read it. */
export function useChecklist() {
  return useQuery<ChecklistResponse>({
    queryKey: CHECKLIST_KEY,
    queryFn: () => apiRequest('GET', '/api/checklist', undefined, checklistResponse),
  });
}

export function useItemHistory(itemNumber: string, enabled: boolean) {
  return useQuery({
    queryKey: historyKey(itemNumber),
    queryFn: () =>
      apiRequest('GET', `/api/checklist/${itemNumber}/history`, undefined, checklistHistory),
    enabled,
    staleTime: 0,
  });
}

/** Puts one item's new state into the cached checklist; the other items keep their identity. */
export function replaceItem(queryClient: QueryClient, next: ChecklistItemState) {
  queryClient.setQueryData<ChecklistResponse>(CHECKLIST_KEY, (old) =>
    old ? { ...old, items: old.items.map((i) => (i.number === next.number ? next : i)) } : old,
  );
  void queryClient.invalidateQueries({ queryKey: historyKey(next.number) });
  void queryClient.invalidateQueries({ queryKey: AUDIT_LOGS_KEY });
}

function cachedItem(queryClient: QueryClient, itemNumber: string) {
  return queryClient
    .getQueryData<ChecklistResponse>(CHECKLIST_KEY)
    ?.items.find((i) => i.number === itemNumber);
}

export type SaveOutcome =
  | { kind: 'saved'; item: ChecklistItemState }
  | { kind: 'conflict'; current: ChecklistItemState; message: string };

type Change = Omit<UpdateChecklistItemRequest, 'revision'>;

async function patchItem(
  itemNumber: string,
  body: UpdateChecklistItemRequest,
): Promise<SaveOutcome> {
  const res = await fetch(`/api/checklist/${itemNumber}`, {
    method: 'PATCH',
    credentials: 'include',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  const json: unknown = await res.json().catch(() => null);
  if (res.ok) return { kind: 'saved', item: checklistItem.parse(json) };
  if (res.status === 409) {
    const conflict = checklistConflict.parse(json);
    return { kind: 'conflict', current: conflict.current, message: conflict.message };
  }
  const parsed = errorBody.safeParse(json);
  throw new ApiError(
    res.status,
    parsed.success ? parsed.data : null,
    `${res.status}: ${parsed.success ? parsed.data.message : res.statusText}`,
  );
}

const queues = new Map<string, Promise<unknown>>();

/**
 * Saves a change to one item. Saves of the same item run one after another, each with the
 * revision the previous one returned, so a status click and a comment typed at the same time
 * do not conflict with each other. A conflict with someone else's save puts their version in
 * the cache and is returned, for the field to show.
 */
export function saveItem(
  queryClient: QueryClient,
  itemNumber: string,
  change: Change,
): Promise<SaveOutcome> {
  const previous = queues.get(itemNumber) ?? Promise.resolve();
  const run = previous
    .catch(() => undefined)
    .then(async () => {
      const revision = cachedItem(queryClient, itemNumber)?.revision ?? 0;
      const outcome = await patchItem(itemNumber, { revision, ...change });
      replaceItem(queryClient, outcome.kind === 'saved' ? outcome.item : outcome.current);
      return outcome;
    });
  queues.set(itemNumber, run);
  void run
    .finally(() => {
      if (queues.get(itemNumber) === run) queues.delete(itemNumber);
    })
    .catch(() => undefined);
  return run;
}

export async function attachEvidence(
  queryClient: QueryClient,
  itemNumber: string,
  documentId: string,
) {
  const item = await apiRequest(
    'POST',
    `/api/checklist/${itemNumber}/evidence`,
    { documentId },
    checklistItem,
  );
  replaceItem(queryClient, item);
  return item;
}

export async function detachEvidence(
  queryClient: QueryClient,
  itemNumber: string,
  documentId: string,
) {
  const item = await apiRequest(
    'DELETE',
    `/api/checklist/${itemNumber}/evidence/${documentId}`,
    undefined,
    checklistItem,
  );
  replaceItem(queryClient, item);
  return item;
}
