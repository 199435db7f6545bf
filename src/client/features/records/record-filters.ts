import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import type { TrainingEventSummary } from '@shared/api/records';

export const STATUS_FILTERS = ['all', 'completed', 'pending', 'failed'] as const;
export type StatusFilter = (typeof STATUS_FILTERS)[number];

function isStatusFilter(value: string | null): value is StatusFilter {
  return (STATUS_FILTERS as readonly (string | null)[]).includes(value);
}

/** Case-insensitive match on student name, licence number and event type, then the status. */
export function filterTrainingEvents(
  events: TrainingEventSummary[],
  query: string,
  status: StatusFilter,
): TrainingEventSummary[] {
  const needle = query.trim().toLowerCase();
  return events.filter((event) => {
    if (status !== 'all' && event.status !== status) return false;
    if (!needle) return true;
    return [event.studentName, event.licenseNumber ?? '', event.eventType].some((field) =>
      field.toLowerCase().includes(needle),
    );
  });
}

/** Search (?q=) and status filter (?status=) live in the query string so a link reproduces the view. */
export function useRecordFilters() {
  const [params, setParams] = useSearchParams();
  const query = params.get('q') ?? '';
  const rawStatus = params.get('status');
  const status: StatusFilter = isStatusFilter(rawStatus) ? rawStatus : 'all';

  const set = useCallback(
    (key: 'q' | 'status', value: string, empty: string) => {
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (value === empty) next.delete(key);
          else next.set(key, value);
          return next;
        },
        { replace: true },
      );
    },
    [setParams],
  );

  return {
    query,
    status,
    active: query.trim() !== '' || status !== 'all',
    setQuery: useCallback((value: string) => set('q', value, ''), [set]),
    setStatus: useCallback((value: StatusFilter) => set('status', value, 'all'), [set]),
    clear: useCallback(() => setParams(new URLSearchParams(), { replace: true }), [setParams]),
  };
}
