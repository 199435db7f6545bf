import { SESSION_HINT_META } from '@shared/constants/session';

/**
 * Whether the server said this page was loaded without a session. It answers the first check
 * only: a signed-out visitor's pages then never request GET /api/auth/user just to get the 401
 * that browsers log as a console error. Signing in, or any later check, asks the server.
 *
 * Kept apart from `use-auth` (react-query, zod) so that the signed-out landing page can decide
 * without downloading either.
 */
let signedOutAtLoad =
  typeof document !== 'undefined' &&
  document.querySelector(`meta[name="${SESSION_HINT_META}"]`)?.getAttribute('content') ===
    'signed-out';

export function isSignedOutAtLoad() {
  return signedOutAtLoad;
}

/** The hint has answered (or no longer holds): from now on, the server is asked. */
export function forgetSignedOutAtLoad() {
  signedOutAtLoad = false;
}
