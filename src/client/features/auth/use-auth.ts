import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  currentUser,
  SESSION_HINT_META,
  type CurrentUser,
  type LoginRequest,
} from '@shared/api/auth';
import { can, type Capability } from '@shared/constants/roles';
import { ApiError, apiRequest } from '../../lib/api';

export const AUTH_KEY = ['/api/auth/user'] as const;

/**
 * Whether the server said this page was loaded without a session. It answers the first check
 * only: a signed-out visitor's pages then never request GET /api/auth/user just to get the 401
 * that browsers log as a console error. Signing in, or any later check, asks the server.
 */
let signedOutAtLoad =
  typeof document !== 'undefined' &&
  document.querySelector(`meta[name="${SESSION_HINT_META}"]`)?.getAttribute('content') ===
    'signed-out';

/** The signed-in user, or null when signed out (a 401 is an answer here, not an error). */
export function useAuth() {
  const query = useQuery<CurrentUser | null>({
    queryKey: AUTH_KEY,
    queryFn: async () => {
      if (signedOutAtLoad) {
        signedOutAtLoad = false;
        return null;
      }
      try {
        return await apiRequest('GET', '/api/auth/user', undefined, currentUser);
      } catch (error) {
        if (error instanceof ApiError && error.status === 401) return null;
        throw error;
      }
    },
  });
  const user = query.data ?? null;
  return {
    user,
    isLoading: query.isLoading,
    isAuthenticated: user !== null,
    error: query.error,
    can: (capability: Capability) => (user ? can(user.role, capability) : false),
  };
}

export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: LoginRequest) => apiRequest('POST', '/api/auth/login', input, currentUser),
    onSuccess: (user) => {
      signedOutAtLoad = false;
      queryClient.clear();
      queryClient.setQueryData(AUTH_KEY, user);
    },
  });
}

/** Spec: sign-out is a browser navigation to /api/logout, which ends the session and returns to /. */
export function signOut() {
  window.location.href = '/api/logout';
}
