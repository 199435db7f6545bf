import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { isCalendarDate } from '@shared/api/training-events';

export const STATUS_FILTERS = ['all', 'completed', 'pending', 'failed'] as const;
export type StatusFilter = (typeof STATUS_FILTERS)[number];

/** Rows per page of the Training Events table. */
export const RECORDS_PAGE_SIZE = 25;

/** The view of the table as the query string holds it, so a link reproduces it. */
export interface RecordFilters {
  q: string;
  status: StatusFilter;
  type: string;
  instructor: string;
  from: string;
  to: string;
  page: number;
}

const FILTER_KEYS = ['q', 'status', 'type', 'instructor', 'from', 'to', 'page'] as const;

function isStatusFilter(value: string | null): value is StatusFilter {
  return (STATUS_FILTERS as readonly (string | null)[]).includes(value);
}

/** Reads the view from the query string; values the server would refuse are dropped. */
export function filtersFromParams(params: URLSearchParams): RecordFilters {
  const status = params.get('status');
  const date = (key: string) => {
    const value = params.get(key) ?? '';
    return isCalendarDate(value) ? value : '';
  };
  const page = Number(params.get('page'));
  return {
    q: params.get('q') ?? '',
    status: isStatusFilter(status) ? status : 'all',
    type: params.get('type') ?? '',
    instructor: params.get('instructor') ?? '',
    from: date('from'),
    to: date('to'),
    page: Number.isInteger(page) && page > 1 ? page : 1,
  };
}

/** The GET /api/training-events query string for a view (the server filters and pages). */
export function toServerQuery(f: RecordFilters, pageSize = RECORDS_PAGE_SIZE): string {
  const query = new URLSearchParams();
  if (f.q.trim()) query.set('search', f.q.trim());
  if (f.status !== 'all') query.set('status', f.status);
  if (f.type.trim()) query.set('eventType', f.type.trim());
  if (f.instructor.trim()) query.set('instructor', f.instructor.trim());
  if (f.from) query.set('from', f.from);
  if (f.to) query.set('to', f.to);
  query.set('page', String(f.page));
  query.set('pageSize', String(pageSize));
  return query.toString();
}

/** How many of the Filter panel's fields are set (the search box counts apart). */
export function activeFilterCount(f: RecordFilters): number {
  return [f.status !== 'all', f.type.trim(), f.instructor.trim(), f.from, f.to].filter(Boolean)
    .length;
}

export function useRecordFilters() {
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => filtersFromParams(params), [params]);

  /** Changes some fields; any change but the page itself goes back to page 1. */
  const set = useCallback(
    (patch: Partial<RecordFilters>) => {
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          const merged = { ...filtersFromParams(current), ...patch };
          if (!('page' in patch)) merged.page = 1;
          for (const key of FILTER_KEYS) {
            const value = String(merged[key]);
            const empty =
              value === '' ||
              (key === 'status' && value === 'all') ||
              (key === 'page' && value === '1');
            if (empty) next.delete(key);
            else next.set(key, value);
          }
          return next;
        },
        { replace: true },
      );
    },
    [setParams],
  );

  const clear = useCallback(
    () =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const key of FILTER_KEYS) next.delete(key);
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );

  return {
    filters,
    active: filters.q.trim() !== '' || activeFilterCount(filters) > 0,
    set,
    clear,
  };
}
