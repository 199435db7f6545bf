import { useMutation, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { currentUser, type AcceptInviteRequest } from '@shared/api/auth';
import { apiRequest } from '../../lib/api';

/**
 * Answer of GET /api/auth/invite. The server declares it inline in its route; it belongs in
 * src/shared/api/auth.ts beside the other auth schemas.
 */
export const inviteDetails = z.object({
  email: z.string(),
  firstName: z.string(),
  organizationName: z.string(),
});

export function useInviteDetails(token: string) {
  return useQuery({
    queryKey: ['/api/auth/invite', token],
    queryFn: () =>
      apiRequest(
        'GET',
        `/api/auth/invite?token=${encodeURIComponent(token)}`,
        undefined,
        inviteDetails,
      ),
    enabled: token.length > 0,
  });
}

export function useAcceptInvite() {
  return useMutation({
    mutationFn: (input: AcceptInviteRequest) =>
      apiRequest('POST', '/api/auth/accept-invite', input, currentUser),
  });
}
