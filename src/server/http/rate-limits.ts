import type { Config } from '../config';

/**
 * Per address, as many tries a minute as sign-in allows: for routes that check a code or key,
 * or that send e-mail to an address anyone can type.
 */
export function codeRateLimit(config: Config) {
  return {
    rateLimit: {
      max: config.LOGIN_RATE_LIMIT,
      timeWindow: '1 minute',
      hook: 'preHandler' as const,
    },
  };
}
