import { lt, sql } from 'drizzle-orm';
import type { FastifyRateLimitStore } from '@fastify/rate-limit';
import type { Database } from '../db/client';
import { rateLimitCounters } from '../db/schema/index';

type Callback = (error: Error | null, result?: { current: number; ttl: number }) => void;
interface RouteInfo {
  routeInfo?: { method?: string | string[]; url?: string };
  continueExceeding?: boolean;
  exponentialBackoff?: boolean;
}

/**
 * A store for @fastify/rate-limit that keeps the windows in the database, so every node behind
 * the load balancer counts the same tries (an attacker gains nothing by spreading sign-in
 * attempts over nodes). One upsert per counted request: it starts a window when there is none or
 * the last one ended, and adds one otherwise. Each route counts on its own, as the plugin's
 * in-memory store does.
 */
export function databaseRateLimitStore(db: Database, scope = '') {
  class DatabaseRateLimitStore implements FastifyRateLimitStore {
    constructor(
      options: RouteInfo,
      private readonly prefix = scope,
    ) {
      if (options.continueExceeding || options.exponentialBackoff) {
        throw new Error('The database rate-limit store counts fixed windows only');
      }
    }

    incr(key: string, callback: Callback, timeWindow: number) {
      const expires = sql`now() + make_interval(secs => ${timeWindow / 1000})`;
      db.execute(
        sql`insert into rate_limit_counters (key, hits, expires_at)
            values (${this.prefix + key}, 1, ${expires})
            on conflict (key) do update set
              hits = case when rate_limit_counters.expires_at <= now() then 1
                          else rate_limit_counters.hits + 1 end,
              expires_at = case when rate_limit_counters.expires_at <= now() then excluded.expires_at
                                else rate_limit_counters.expires_at end
            returning hits, ceil(extract(epoch from (expires_at - now())) * 1000)::int as ttl`,
      ).then((result) => callback(null, counted(result)), callback);
    }

    read(key: string, callback: Callback) {
      db.execute(
        sql`select hits, ceil(extract(epoch from (expires_at - now())) * 1000)::int as ttl
            from rate_limit_counters where key = ${this.prefix + key} and expires_at > now()`,
      ).then((result) => callback(null, counted(result)), callback);
    }

    // The plugin's types name the route's options; at run time it passes its merged settings,
    // with the route under `routeInfo`.
    child(options: object) {
      const routeOptions = options as RouteInfo;
      const { method, url } = routeOptions.routeInfo ?? {};
      const methods = Array.isArray(method) ? method.join(',') : (method ?? '');
      return new DatabaseRateLimitStore(routeOptions, `${scope}${methods} ${url ?? ''}|`);
    }
  }
  return DatabaseRateLimitStore;
}

function counted(result: unknown): { current: number; ttl: number } {
  const row = (result as { rows: { hits: number; ttl: number }[] }).rows[0];
  return row
    ? { current: Number(row.hits), ttl: Math.max(0, Number(row.ttl)) }
    : { current: 0, ttl: 0 };
}

/** Windows that ended; run with the session sweep. */
export async function purgeExpiredRateLimits(db: Database): Promise<void> {
  await db.delete(rateLimitCounters).where(lt(rateLimitCounters.expiresAt, sql`now()`));
}
