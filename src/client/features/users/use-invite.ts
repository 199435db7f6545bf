import { useMutation, useQuery } from '@tanstack/react-query';
import { currentUser, inviteDetails, type AcceptInviteRequest } from '@shared/api/auth';
import { apiRequest } from '../../lib/api';

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
