import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { currentUser, setupStatus, type SetupRequest } from '@shared/api/auth';
import { adminStats, organizationList, signupStatus } from '@shared/api/users';
import { apiRequest } from '../../lib/api';

export const ADMIN_STATS_KEY = ['/api/admin/stats'] as const;
export const ORGANIZATIONS_KEY = ['/api/organizations'] as const;
/** The same key the sign-in page reads, so both screens share one answer. */
export const SETUP_STATUS_KEY = ['/api/setup/status'] as const;

export function useAdminStats() {
  return useQuery({
    queryKey: ADMIN_STATS_KEY,
    queryFn: () => apiRequest('GET', '/api/admin/stats', undefined, adminStats),
  });
}

export function useOrganizations() {
  return useQuery({
    queryKey: ORGANIZATIONS_KEY,
    queryFn: () => apiRequest('GET', '/api/organizations', undefined, organizationList),
  });
}

export function useSetupStatus() {
  return useQuery({
    queryKey: SETUP_STATUS_KEY,
    queryFn: () => apiRequest('GET', '/api/setup/status', undefined, setupStatus),
  });
}

export function useRunSetup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SetupRequest) => apiRequest('POST', '/api/setup', input, currentUser),
    onError: () => queryClient.invalidateQueries({ queryKey: SETUP_STATUS_KEY }),
  });
}

/** Whether the pricing page's trial creates an organization here (SIGNUP=open). */
export function useSignupStatus() {
  return useQuery({
    queryKey: ['/api/signup/status'],
    queryFn: () => apiRequest('GET', '/api/signup/status', undefined, signupStatus),
  });
}
