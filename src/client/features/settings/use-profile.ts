import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  currentUser,
  okResponse,
  type ChangePasswordRequest,
  type UpdateProfileRequest,
} from '@shared/api/auth';
import { apiRequest } from '../../lib/api';
import { AUTH_KEY } from '../auth/use-auth';
import { USERS_KEY } from '../users/use-users';

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateProfileRequest) =>
      apiRequest('PATCH', '/api/auth/user', input, currentUser),
    onSuccess: async (user) => {
      queryClient.setQueryData(AUTH_KEY, user);
      // An admin's own name also shows in the users list.
      await queryClient.invalidateQueries({ queryKey: USERS_KEY });
    },
  });
}

export function useChangePassword() {
  return useMutation({
    mutationFn: (input: ChangePasswordRequest) =>
      apiRequest('POST', '/api/auth/password', input, okResponse),
  });
}
