import type { z } from 'zod';
import type { DbOrTx } from '../db/client';

export interface JobLogger {
  info(object: object, message: string): void;
  warn(object: object, message: string): void;
  error(object: object, message: string): void;
}

export interface JobContext {
  jobId: string;
  /** 1 on the first run. */
  attempt: number;
  maxAttempts: number;
  /** Aborted when the run times out, loses its lease, or the queue stops. */
  signal: AbortSignal;
}

export interface FinalFailure {
  jobId: string;
  /** Why the last run failed, as far as the queue knows (a crash leaves no error of its own). */
  message: string;
}

/**
 * A typed background job: the queue validates the payload when it is sent and again when it
 * runs, retries failed runs with exponential backoff, and calls `onFinalFailure` once when the
 * last run has failed (a crashed or timed-out run counts as failed), so records waiting on the job
 * can settle.
 */
export interface JobDefinition<P> {
  /** Letters, digits, dot, dash and underscore. */
  name: string;
  payload: z.ZodType<P>;
  handler(payload: P, context: JobContext): Promise<void>;
  /** Runs after the first failure; the job runs at most `retries + 1` times. */
  retries: number;
  /** Delay before the n-th retry: `delayMs * 2^(n-1)`, capped at `maxDelayMs`. */
  backoff: { delayMs: number; maxDelayMs?: number };
  /** A run taking longer is abandoned and counted as failed. */
  timeoutMs: number;
  onFinalFailure?(payload: P, failure: FinalFailure): Promise<void>;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a registry holds definitions of every payload type
export type AnyJobDefinition = JobDefinition<any>;

export interface SendOptions {
  /** Enqueue inside this transaction: the job exists exactly when the transaction commits. */
  tx?: DbOrTx;
  /** Do not run before this many milliseconds have passed. */
  delayMs?: number;
}

/** One queue's backlog, for readiness and metrics. */
export interface QueueStats {
  name: string;
  /** Runs due and not yet taken (a delayed run counts from when it is due). */
  waiting: number;
  running: number;
  /** Seconds the longest-waiting due run has waited; 0 when none waits. */
  oldestWaitingSeconds: number;
}

export interface JobQueue {
  readonly kind: 'embedded' | 'pg-boss';
  /** Makes the definitions known; call before `start`. Sending also registers. */
  register(...definitions: AnyJobDefinition[]): void;
  /** Validates the payload and enqueues a run; resolves to the job id. */
  send<P>(definition: JobDefinition<P>, payload: P, options?: SendOptions): Promise<string>;
  /** Starts working the registered definitions (worker and all-in-one processes). */
  start(): Promise<void>;
  /** Stops taking jobs and waits (bounded) for running ones; unfinished runs are left to be resumed. */
  stop(): Promise<void>;
  /** The backlog of each queue (reads the queue's tables; fails when the database does). */
  stats(): Promise<QueueStats[]>;
  /** Resolves when the queue's tables answer; one cheap read, for readiness probes. */
  ping(): Promise<void>;
}

export function defineJob<P>(definition: JobDefinition<P>): JobDefinition<P> {
  if (!/^[A-Za-z0-9._-]+$/.test(definition.name)) {
    throw new Error(
      `Job name "${definition.name}" must use letters, digits, dot, dash or underscore`,
    );
  }
  return definition;
}

/** Milliseconds to wait before retry number `retry` (1-based). */
export function backoffDelay(definition: AnyJobDefinition, retry: number): number {
  const { delayMs, maxDelayMs = 15 * 60_000 } = definition.backoff;
  return Math.min(maxDelayMs, delayMs * 2 ** Math.max(0, retry - 1));
}

export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

export class JobPayloadError extends Error {
  constructor(name: string, issues: string) {
    super(`Invalid payload for job ${name}: ${issues}`);
    this.name = 'JobPayloadError';
  }
}

export function parsePayload<P>(definition: JobDefinition<P>, payload: unknown): P {
  const parsed = definition.payload.safeParse(payload);
  if (!parsed.success) {
    throw new JobPayloadError(
      definition.name,
      parsed.error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`).join('; '),
    );
  }
  return parsed.data;
}
