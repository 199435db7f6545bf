/**
 * The page the server sends for a browser navigation carries
 * `<meta name="centerline-session" content="signed-in|signed-out">`: whether that request came
 * with a valid session. A client that reads `signed-out` knows the answer of its first
 * GET /api/auth/user (401) without asking, and so does not log a failed request.
 */
export const SESSION_HINT_META = 'centerline-session';
export type SessionHint = 'signed-in' | 'signed-out';
