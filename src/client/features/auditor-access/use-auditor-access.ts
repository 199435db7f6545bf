import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  auditorAccess,
  auditorAccessList,
  issuedAuditorAccess,
  myAuditorAccess,
  type CreateAuditorAccessRequest,
} from '@shared/api/auditor-access';
import { apiRequest } from '../../lib/api';
import { USERS_KEY } from '../users/use-users';

export const AUDITOR_ACCESS_KEY = ['/api/auditor-access'] as const;

export function useAuditorAccessList() {
  return useQuery({
    queryKey: AUDITOR_ACCESS_KEY,
    queryFn: () => apiRequest('GET', '/api/auditor-access', undefined, auditorAccessList),
  });
}

/** The account an access comes with is a user too: both lists change together. */
function useInvalidate() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: AUDITOR_ACCESS_KEY }),
      queryClient.invalidateQueries({ queryKey: USERS_KEY }),
    ]);
}

export function useIssueAuditorAccess() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (input: CreateAuditorAccessRequest) =>
      apiRequest('POST', '/api/auditor-access', input, issuedAuditorAccess),
    onSuccess: invalidate,
  });
}

export function useRevokeAuditorAccess() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest('POST', `/api/auditor-access/${id}/revoke`, {}, auditorAccess),
    onSuccess: invalidate,
  });
}

/** The signed-in external auditor's own access (null for everyone else). */
export function useMyAuditorAccess(enabled: boolean) {
  return useQuery({
    queryKey: ['/api/auditor-access/mine'],
    enabled,
    queryFn: () => apiRequest('GET', '/api/auditor-access/mine', undefined, myAuditorAccess),
  });
}

/** The end of `date` (YYYY-MM-DD) where the browser is, as the instant the server stores. */
export function endOfDay(date: string): string {
  const [y, m, d] = date.split('-').map(Number);
  if (!y || !m || !d) return '';
  return new Date(y, m - 1, d, 23, 59, 59).toISOString();
}
