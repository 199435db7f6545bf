import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { INSTRUCTOR_STATUSES, type InstructorStatus } from '@shared/api/instructors';

/** The list's view as the query string holds it, so a link reproduces it. */
export interface InstructorFilters {
  status: InstructorStatus | null;
  course: string;
}

export function filtersFromParams(params: URLSearchParams): InstructorFilters {
  const status = params.get('status');
  return {
    status: (INSTRUCTOR_STATUSES as readonly (string | null)[]).includes(status)
      ? (status as InstructorStatus)
      : null,
    course: params.get('course')?.trim() ?? '',
  };
}

/** The GET /api/instructors query string for a view (the server filters). */
export function toServerQuery(filters: InstructorFilters): string {
  const query = new URLSearchParams();
  if (filters.status) query.set('status', filters.status);
  if (filters.course) query.set('course', filters.course);
  return query.toString();
}

export function useInstructorFilters() {
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => filtersFromParams(params), [params]);
  const set = useCallback(
    (patch: Partial<InstructorFilters>) => {
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          const merged = { ...filtersFromParams(current), ...patch };
          if (merged.status) next.set('status', merged.status);
          else next.delete('status');
          if (merged.course) next.set('course', merged.course);
          else next.delete('course');
          return next;
        },
        { replace: true },
      );
    },
    [setParams],
  );
  const active = filters.status !== null || filters.course !== '';
  return { filters, set, active, clear: () => set({ status: null, course: '' }) };
}
