/**
 * The databases of `npm run bench:api`: an embedded PGlite data folder or a throw-away PostgreSQL
 * database, each with one organization and its admin, grown size by size through
 * `insertTrainingEvents` (the import's own insert: row, ledger leaf and hashes), in transactions
 * of 5,000 rows like an import file. The embedded folder opens in one process at a time: the
 * benchmark seeds, closes, then starts the server on it.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { IMPORT_MAX_ROWS } from '../../src/shared/constants/imports';
import { openDatabase, type DatabaseHandle } from '../../src/server/db/client';
import type { Actor } from '../../src/server/http/actor';
import { insertTrainingEvents } from '../../src/server/features/training-events/service';
import type { EventInput } from './dataset';
import { benchOrganization } from '../organization';

export type Mode = 'pglite' | 'postgres';

export interface BenchDatabase {
  mode: Mode;
  label: string;
  /** Environment the product server needs to open this database. */
  env: Record<string, string>;
  open(): Promise<DatabaseHandle>;
  /**
   * Brings a freshly seeded database to the state a running installation would reach by itself:
   * on PostgreSQL, planner statistics (autovacuum analyzes a table within a minute or so of a
   * large import, when it is on). The embedded database has no autovacuum; the server's own
   * upkeep analyzes it when it starts (and every five minutes), so nothing to do here.
   */
  settle(handle: DatabaseHandle): Promise<string>;
  /** Whether the database server is still running queries of this database (PostgreSQL). */
  busy(): Promise<boolean>;
  /** Removes everything the database left: folders, the PostgreSQL database. */
  dispose(): Promise<void>;
}

export const CREDENTIALS = {
  email: 'bench-admin@example.test',
  password: 'a long benchmark passphrase',
};

/** A fresh embedded database in a temporary folder. */
export function pgliteDatabase(): BenchDatabase {
  const dataDir = mkdtempSync(join(tmpdir(), 'centerline-bench-api-'));
  return {
    mode: 'pglite',
    label: 'embedded PGlite',
    env: { DATA_DIR: dataDir },
    open: () => openDatabase({ kind: 'pglite', dataDir }),
    settle: async () => "statistics from the server's upkeep at start",
    busy: async () => false,
    dispose: async () => rmSync(dataDir, { recursive: true, force: true }),
  };
}

/** A fresh database on the PostgreSQL server of `adminUrl`, or null when it does not answer. */
export async function postgresDatabase(adminUrl: string): Promise<BenchDatabase | null> {
  const admin = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 3_000 });
  try {
    await admin.connect();
  } catch {
    return null;
  }
  const name = `centerline_bench_api_${process.pid}_${randomUUID().slice(0, 6)}`;
  let version = '';
  try {
    await admin.query(`create database ${name}`);
    const { rows } = await admin.query<{ server_version: string }>('show server_version');
    version = rows[0]?.server_version.split(' ')[0] ?? '';
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  // The server keeps its files (blobs) in DATA_DIR whichever database it uses.
  const dataDir = mkdtempSync(join(tmpdir(), 'centerline-bench-api-'));
  let watcher: pg.Client | undefined;
  return {
    mode: 'postgres',
    label: `PostgreSQL ${version}`.trim(),
    env: { DATABASE_URL: url.toString(), DATA_DIR: dataDir },
    open: () => openDatabase({ kind: 'postgres', url: url.toString() }),
    settle: async (handle) => {
      const [row] = (
        (await handle.db.execute(sql`select current_setting('autovacuum') as autovacuum`)) as {
          rows: { autovacuum: string }[];
        }
      ).rows;
      if (process.env.BENCH_ANALYZE === '0') return `not analyzed (autovacuum ${row?.autovacuum})`;
      await handle.db.execute(sql`analyze`);
      return `analyzed after seeding (autovacuum ${row?.autovacuum} on this server)`;
    },
    busy: async () => {
      if (!watcher) {
        watcher = new pg.Client({ connectionString: adminUrl });
        await watcher.connect();
      }
      const { rows } = await watcher.query<{ n: number }>(
        `select count(*)::int as n from pg_stat_activity
         where datname = $1 and state = 'active' and pid <> pg_backend_pid()`,
        [name],
      );
      return (rows[0]?.n ?? 0) > 0;
    },
    dispose: async () => {
      await watcher?.end();
      rmSync(dataDir, { recursive: true, force: true });
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      try {
        await client.query(`drop database if exists ${name} with (force)`);
      } finally {
        await client.end();
      }
    },
  };
}

/** Migrates a fresh database and creates the organization and admin the benchmark signs in as. */
export async function createBenchOrganization(handle: DatabaseHandle): Promise<Actor> {
  await handle.migrate();
  return benchOrganization(handle.db, {
    name: 'Northwind Aviation Training Center',
    ...CREDENTIALS,
  });
}

/** Appends events in transactions of one import file's size. */
export async function appendEvents(handle: DatabaseHandle, actor: Actor, events: EventInput[]) {
  for (let done = 0; done < events.length; done += IMPORT_MAX_ROWS) {
    const batch = events.slice(done, done + IMPORT_MAX_ROWS);
    await handle.db.transaction((tx) => insertTrainingEvents(tx, actor, batch));
  }
}
