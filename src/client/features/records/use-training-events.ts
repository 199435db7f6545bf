import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { trainingEventList, type TrainingEventSummary } from '@shared/api/records';
import {
  TOTAL_COUNT_HEADER,
  trainingEvent,
  trainingEventPage,
  trainingEventVersionList,
  type CreateTrainingEventRequest,
  type TrainingEvent,
  type UpdateTrainingEventRequest,
} from '@shared/api/training-events';
import { apiRequest } from '../../lib/api';
import { AUDIT_LOGS_KEY } from '../dashboard/use-audit-logs';
import { DASHBOARD_STATS_KEY } from '../dashboard/use-dashboard-stats';
import { throwUnlessOk } from './http';

/** Prefix of every training-event query: the list, its pages, each record and its parts. */
export const TRAINING_EVENTS_KEY = ['/api/training-events'] as const;

/** Records made from one document (the document page links to them). */
export function useRecordsFromDocument(documentId: string, { enabled = true } = {}) {
  return useQuery<TrainingEventSummary[]>({
    queryKey: [...TRAINING_EVENTS_KEY, 'from-document', documentId],
    queryFn: () =>
      apiRequest(
        'GET',
        `/api/training-events?sourceDocumentId=${encodeURIComponent(documentId)}&pageSize=20`,
        undefined,
        trainingEventList,
      ),
    enabled,
  });
}

/** The organization's training events as the spec's call returns them (the server's first page). */
export function useTrainingEvents() {
  return useQuery<TrainingEventSummary[]>({
    queryKey: TRAINING_EVENTS_KEY,
    queryFn: () => apiRequest('GET', '/api/training-events', undefined, trainingEventList),
  });
}

export interface TrainingEventPage {
  events: TrainingEvent[];
  total: number;
}

/** One page of the filtered list; the total travels in X-Total-Count, which `apiRequest` hides. */
async function fetchPage(query: string): Promise<TrainingEventPage> {
  const res = await fetch(`/api/training-events?${query}`, { credentials: 'include' });
  await throwUnlessOk(res);
  const events = trainingEventPage.parse(await res.json());
  const total = Number(res.headers.get(TOTAL_COUNT_HEADER));
  return { events, total: Number.isFinite(total) ? total : events.length };
}

/** `query` is the server query string (see `toServerQuery`); the last page stays on screen while the next loads. */
export function useTrainingEventPage(query: string) {
  return useQuery({
    queryKey: [...TRAINING_EVENTS_KEY, { query }],
    queryFn: () => fetchPage(query),
    placeholderData: keepPreviousData,
  });
}

export function useTrainingEvent(id: string) {
  return useQuery({
    queryKey: [...TRAINING_EVENTS_KEY, id],
    queryFn: () => apiRequest('GET', `/api/training-events/${id}`, undefined, trainingEvent),
  });
}

export function useTrainingEventVersions(id: string) {
  return useQuery({
    queryKey: [...TRAINING_EVENTS_KEY, id, 'versions'],
    queryFn: () =>
      apiRequest('GET', `/api/training-events/${id}/versions`, undefined, trainingEventVersionList),
  });
}

/** A new record or version changes the list, the dashboard figures and the activity feed. */
export function useInvalidateRecords() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: TRAINING_EVENTS_KEY }),
      queryClient.invalidateQueries({ queryKey: DASHBOARD_STATS_KEY }),
      queryClient.invalidateQueries({ queryKey: AUDIT_LOGS_KEY }),
    ]);
}

export function useCreateTrainingEvent() {
  const invalidate = useInvalidateRecords();
  return useMutation({
    mutationFn: (input: CreateTrainingEventRequest) =>
      apiRequest('POST', '/api/training-events', input, trainingEvent),
    onSuccess: invalidate,
  });
}

export function useUpdateTrainingEvent(id: string) {
  const invalidate = useInvalidateRecords();
  return useMutation({
    mutationFn: (patch: UpdateTrainingEventRequest) =>
      apiRequest('PATCH', `/api/training-events/${id}`, patch, trainingEvent),
    onSuccess: invalidate,
  });
}
