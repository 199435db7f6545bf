import { z } from 'zod';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { defineJob, type JobLogger } from '../../jobs/types';
import { runFetch } from './fetch';
import { failRun } from './runs';

export const REGULATORY_FETCH_JOB = 'regulatory.fetch';

export const fetchPayload = z.object({ runId: z.uuid() });
export type FetchPayload = z.infer<typeof fetchPayload>;

export interface FetchJobDeps {
  db: Database;
  config: Config;
  log?: JobLogger;
}

/**
 * Fetches 14 CFR Part 142 from the eCFR versioner. A source problem ends the run as failed with
 * its reason (not retried: the next schedule or Refresh tries again); a crash or time-out is
 * recorded on the run by onFinalFailure.
 */
export function regulatoryFetchJob(deps: FetchJobDeps) {
  return defineJob<FetchPayload>({
    name: REGULATORY_FETCH_JOB,
    payload: fetchPayload,
    retries: 0,
    backoff: { delayMs: 60_000 },
    // A baseline reads up to 40 versions of the part, 30 seconds each at most.
    timeoutMs: 25 * 60_000,
    handler: (payload, context) => runFetch({ ...deps, signal: context.signal }, payload.runId),
    async onFinalFailure(payload, failure) {
      deps.log?.error({ runId: payload.runId, error: failure.message }, 'regulatory fetch failed');
      await failRun(
        deps.db,
        payload.runId,
        'Nothing was changed: the fetch stopped before it finished (time-out or restart).',
      );
    },
  });
}
