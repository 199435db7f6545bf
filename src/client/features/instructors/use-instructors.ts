import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  instructorFileDetail,
  instructorList,
  type AddQualificationRequest,
  type CreateInstructorRequest,
} from '@shared/api/instructors';
import { apiRequest } from '../../lib/api';

/** Prefix of every instructor-file query: the list views and each person's file. */
export const INSTRUCTORS_KEY = ['/api/instructors'] as const;

/** `query` is the GET /api/instructors query string (see `toServerQuery`). */
export function useInstructorList(query: string) {
  return useQuery({
    queryKey: [...INSTRUCTORS_KEY, { query }],
    queryFn: () =>
      apiRequest('GET', `/api/instructors${query ? `?${query}` : ''}`, undefined, instructorList),
    placeholderData: keepPreviousData,
  });
}

export function useInstructor(id: string) {
  return useQuery({
    queryKey: [...INSTRUCTORS_KEY, id],
    queryFn: () => apiRequest('GET', `/api/instructors/${id}`, undefined, instructorFileDetail),
  });
}

/** A new file or qualification changes the list's counts and the person's clocks. */
function useInvalidateInstructors() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: INSTRUCTORS_KEY });
}

export function useCreateInstructor() {
  const invalidate = useInvalidateInstructors();
  return useMutation({
    mutationFn: (input: CreateInstructorRequest) =>
      apiRequest('POST', '/api/instructors', input, instructorFileDetail),
    onSuccess: invalidate,
  });
}

/** The server answers with the file recomputed: it replaces the person's page at once. */
export function useAddQualification(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: AddQualificationRequest) =>
      apiRequest('POST', `/api/instructors/${id}/qualifications`, input, instructorFileDetail),
    onSuccess: (file) => {
      queryClient.setQueryData([...INSTRUCTORS_KEY, id], file);
      // The lists' counts and statuses follow; the person's file is already fresh.
      return queryClient.invalidateQueries({
        queryKey: INSTRUCTORS_KEY,
        predicate: (query) => query.queryKey[1] !== id,
      });
    },
  });
}
