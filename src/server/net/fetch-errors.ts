/** Why a server-side fetch (net/safe-fetch.ts) produced no response. */
export type SafeFetchErrorCode =
  | 'invalid-url'
  | 'unsupported-protocol'
  | 'private-address'
  | 'dns'
  | 'redirect-loop'
  | 'too-many-redirects'
  | 'timeout'
  | 'too-large'
  | 'network'
  | 'aborted';

/** A fetch that did not produce a response; `message` is written for the person who sees it. */
export class SafeFetchError extends Error {
  override name = 'SafeFetchError';
  constructor(
    readonly code: SafeFetchErrorCode,
    message: string,
    readonly url: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/** The fetch was refused before connecting: a bad URL or an address the policy forbids. */
export class FetchRefused extends SafeFetchError {
  override name = 'FetchRefused';
}
