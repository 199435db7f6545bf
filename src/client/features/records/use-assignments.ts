import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { assignment, assignmentList } from '@shared/api/training-events';
import { apiRequest } from '../../lib/api';
import { AUDIT_LOGS_KEY } from '../dashboard/use-audit-logs';
import { TRAINING_EVENTS_KEY } from './use-training-events';

const assignmentsKey = (id: string) => [...TRAINING_EVENTS_KEY, id, 'assignments'] as const;

/** Who may see this record beyond the roles that read everything (admins only). */
export function useAssignments(id: string, { enabled }: { enabled: boolean }) {
  return useQuery({
    queryKey: assignmentsKey(id),
    queryFn: () =>
      apiRequest('GET', `/api/training-events/${id}/assignments`, undefined, assignmentList),
    enabled,
  });
}

function useRefresh(id: string) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: assignmentsKey(id) }),
      queryClient.invalidateQueries({ queryKey: AUDIT_LOGS_KEY }),
    ]);
}

export function useAssign(id: string) {
  const refresh = useRefresh(id);
  return useMutation({
    mutationFn: (userId: string) =>
      apiRequest('POST', `/api/training-events/${id}/assignments`, { userId }, assignment),
    onSuccess: refresh,
  });
}

export function useUnassign(id: string) {
  const refresh = useRefresh(id);
  return useMutation({
    mutationFn: (userId: string) =>
      apiRequest('DELETE', `/api/training-events/${id}/assignments/${userId}`),
    onSuccess: refresh,
  });
}
