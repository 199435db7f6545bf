import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  createUserResponse,
  userList,
  userSummary,
  type CreateUserRequest,
  type UpdateUserRequest,
  type UserSummary,
} from '@shared/api/users';
import { apiRequest } from '../../lib/api';
import { ADMIN_STATS_KEY, ORGANIZATIONS_KEY } from '../admin/use-admin';
import { AUTH_KEY } from '../auth/use-auth';

export const USERS_KEY = ['/api/users'] as const;

export function useUsers() {
  return useQuery({
    queryKey: USERS_KEY,
    queryFn: () => apiRequest('GET', '/api/users', undefined, userList),
  });
}

/** Seat counts live in the admin stats and the organization list; both change with users. */
function useInvalidateCounts() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: USERS_KEY }),
      queryClient.invalidateQueries({ queryKey: ADMIN_STATS_KEY }),
      queryClient.invalidateQueries({ queryKey: ORGANIZATIONS_KEY }),
    ]);
}

export function useInviteUser() {
  const invalidate = useInvalidateCounts();
  return useMutation({
    mutationFn: (input: CreateUserRequest) =>
      apiRequest('POST', '/api/users', input, createUserResponse),
    onSuccess: invalidate,
  });
}

export function useUpdateUser() {
  const queryClient = useQueryClient();
  const invalidate = useInvalidateCounts();
  return useMutation({
    mutationFn: ({ id, ...patch }: { id: string } & UpdateUserRequest) =>
      apiRequest('PATCH', `/api/users/${id}`, patch, userSummary),
    onSuccess: async (updated) => {
      queryClient.setQueryData<UserSummary[]>(USERS_KEY, (list) =>
        list?.map((u) => (u.id === updated.id ? updated : u)),
      );
      // An admin who changes their own role sees the app as that role from now on.
      await Promise.all([invalidate(), queryClient.invalidateQueries({ queryKey: AUTH_KEY })]);
    },
  });
}

export function useReissueInvite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest('POST', `/api/users/${id}/invite`, undefined, createUserResponse),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: USERS_KEY }),
  });
}
