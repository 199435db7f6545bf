import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { currentUser, type CurrentUser, type LoginRequest } from '@shared/api/auth';
import { secondFactorChallenge } from '@shared/api/two-factor';
import { can, type Capability } from '@shared/constants/roles';
import { ApiError, apiRequest, isNetworkFailure } from '../../lib/api';
import { forgetSignedOutAtLoad, isSignedOutAtLoad } from './session-hint';

export const AUTH_KEY = ['/api/auth/user'] as const;

const LAST_USER_KEY = 'centerline-last-user';

function rememberUser(user: CurrentUser) {
  try {
    localStorage.setItem(LAST_USER_KEY, JSON.stringify(user));
  } catch {
    // Storage refused (private mode, quota): offline start just will not know the user.
  }
}

function forgetUser() {
  try {
    localStorage.removeItem(LAST_USER_KEY);
  } catch {
    // Nothing was stored.
  }
}

function lastUser(): CurrentUser | null {
  try {
    const parsed = currentUser.safeParse(JSON.parse(localStorage.getItem(LAST_USER_KEY) ?? 'null'));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** The signed-in user, or null when signed out (a 401 is an answer here, not an error). */
export function useAuth() {
  const query = useQuery<CurrentUser | null>({
    queryKey: AUTH_KEY,
    queryFn: async () => {
      if (isSignedOutAtLoad()) {
        forgetSignedOutAtLoad();
        return null;
      }
      try {
        const user = await apiRequest('GET', '/api/auth/user', undefined, currentUser);
        rememberUser(user);
        return user;
      } catch (error) {
        if (error instanceof ApiError && error.status === 401) {
          forgetUser();
          return null;
        }
        // No answer at all (offline): the user this browser last saw, so that the field screen
        // opens and keeps captures. Nothing is sent without the session, which the server checks.
        if (isNetworkFailure(error)) {
          const last = lastUser();
          if (last) return last;
        }
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

const signInAnswer = z.union([currentUser, secondFactorChallenge]);

/** The password step: the signed-in user, or the request for a second factor (no session yet). */
export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: LoginRequest) => apiRequest('POST', '/api/auth/login', input, signInAnswer),
    onSuccess: (answer) => {
      if ('twoFactorRequired' in answer) return;
      forgetSignedOutAtLoad();
      queryClient.clear();
      queryClient.setQueryData(AUTH_KEY, answer);
    },
  });
}

/** The code after the password (authenticator app or recovery code). */
export function useSecondFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) =>
      apiRequest('POST', '/api/auth/login/second-factor', { code }, currentUser),
    onSuccess: (user) => {
      forgetSignedOutAtLoad();
      queryClient.clear();
      queryClient.setQueryData(AUTH_KEY, user);
    },
  });
}

/** Spec: sign-out is a browser navigation to /api/logout, which ends the session and returns to /. */
export function signOut() {
  forgetUser();
  window.location.href = '/api/logout';
}
