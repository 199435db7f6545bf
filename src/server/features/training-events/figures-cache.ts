import type { Database } from '../../db/client';
import type { Actor } from '../../http/actor';
import { ledgerSize } from '../ledger/service';

/** How long a figure that depends on the clock (what is due or overdue today) is kept. */
const CLOCK_TTL_MS = 60_000;
/** Figures kept per process; the oldest go first. */
const MAX_ENTRIES = 2_000;

interface Entry {
  version: number;
  at: number;
  value: Promise<unknown>;
}

const entries = new Map<string, Entry>();
const handles = new WeakMap<Database, number>();
let nextHandle = 0;

/**
 * A figure over an organization's training events (a count, the dashboard's tallies, the
 * alerts), computed once and served again until the records change. Every change to a training
 * event appends to the organization's ledger in the same transaction, so the ledger's size is
 * the version: read on each call (one primary-key lookup), it tells every node of a scaled
 * deployment when its copy is out of date. Figures of a Viewer are not kept (their events depend
 * on assignments, which the ledger does not record), and none is kept longer than a minute, so
 * a figure that depends on today's date follows the clock.
 */
export async function cachedFigure<T>(
  db: Database,
  actor: Actor,
  key: string,
  compute: () => Promise<T>,
): Promise<T> {
  if (actor.role === 'viewer') return compute();
  let handle = handles.get(db);
  if (handle === undefined) handles.set(db, (handle = nextHandle++));
  const id = `${handle}\u0000${actor.organizationId}\u0000${key}`;
  const version = await ledgerSize(db, actor.organizationId);
  const now = Date.now();
  const kept = entries.get(id);
  if (kept && kept.version === version && now - kept.at < CLOCK_TTL_MS) {
    // Most recently used last, so the first entry is the one to drop.
    entries.delete(id);
    entries.set(id, kept);
    return kept.value as Promise<T>;
  }
  const value = compute();
  entries.set(id, { version, at: now, value });
  value.catch(() => entries.delete(id));
  if (entries.size > MAX_ENTRIES) entries.delete(entries.keys().next().value!);
  return value;
}
