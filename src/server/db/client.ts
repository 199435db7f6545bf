import { existsSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { openPgliteThread } from './pglite-thread';
import * as schema from './schema/index';

export type Schema = typeof schema;
/** The one database type the services see, whichever driver is underneath. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
export type Transaction = PgTransaction<
  PgQueryResultHKT,
  Schema,
  ExtractTablesWithRelations<Schema>
>;
export type DbOrTx = Database | Transaction;

export interface DatabaseHandle {
  db: Database;
  driver: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  /**
   * The routine work PostgreSQL's autovacuum does by itself, which the embedded database never
   * runs: refreshes the planner's statistics and the visibility map (index-only scans need it).
   * Absent for PostgreSQL.
   */
  upkeep?: () => Promise<void>;
  /** The PostgreSQL pool's connections (absent for the embedded database). */
  poolStats?: () => { total: number; idle: number; waiting: number };
  close(): Promise<void>;
}

/** The migrations folder of the checkout: found upwards from this module, compiled or not. */
function findMigrations(from: string): string {
  for (let dir = from; ; dir = dirname(dir)) {
    const candidate = join(dir, 'migrations', 'meta', '_journal.json');
    if (existsSync(candidate)) return join(dir, 'migrations');
    if (dirname(dir) === dir) throw new Error(`no migrations folder above ${from}`);
  }
}

export const MIGRATIONS_DIR = findMigrations(import.meta.dirname);

export type DatabaseTarget =
  | {
      kind: 'pglite';
      dataDir?: string;
      /**
       * PGlite on the server's own event loop instead of its thread (docs/PERFORMANCE.md,
       * 'Embedded database'): for comparison only.
       */
      inProcess?: boolean;
    }
  | { kind: 'postgres'; url: string; maxConnections?: number };

/** Any key, shared by every node: the lock nodes starting together take around migrations. */
const MIGRATION_LOCK = 1420100;

/**
 * Applies the migrations under a session advisory lock, so nodes starting at once migrate one
 * after another (the later ones find nothing left to do) instead of racing over the same DDL.
 */
async function migrateOnce(pool: pg.Pool): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    try {
      await migratePg(drizzlePg({ client, schema }), { migrationsFolder: MIGRATIONS_DIR });
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]);
    }
  } finally {
    client.release();
  }
}

export async function openDatabase(target: DatabaseTarget): Promise<DatabaseHandle> {
  if (target.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: target.url, max: target.maxConnections ?? 10 });
    // An idle connection the server closes (a restart, a failover, an administrator) is an
    // 'error' event of the pool; unheard, it would end the process. The pool drops that client
    // and opens another on the next query, which is all there is to do.
    pool.on('error', (error) => {
      console.warn(`PostgreSQL closed an idle connection: ${error.message}`);
    });
    const db = drizzlePg({ client: pool, schema });
    return {
      db: db as unknown as Database,
      driver: 'postgres',
      migrate: () => migrateOnce(pool),
      poolStats: () => ({
        total: pool.totalCount,
        idle: pool.idleCount,
        waiting: pool.waitingCount,
      }),
      close: () => pool.end(),
    };
  }
  const dir = target.dataDir ? join(target.dataDir, 'pglite') : undefined;
  if (dir) mkdirSync(dir, { recursive: true });
  if (target.inProcess) {
    const client = await PGlite.create(dir, { extensions: { pg_trgm } });
    const db = drizzlePglite({ client, schema });
    return {
      db: db as unknown as Database,
      driver: 'pglite',
      migrate: () => migratePglite(db, { migrationsFolder: MIGRATIONS_DIR }),
      close: () => client.close(),
    };
  }
  const thread = openPgliteThread(dir);
  const db = drizzlePg({ client: thread.pool, schema });
  return {
    db: db as unknown as Database,
    driver: 'pglite',
    migrate: () => migratePg(db, { migrationsFolder: MIGRATIONS_DIR }),
    upkeep: async () => {
      await thread.pool.query('vacuum (analyze)');
    },
    close: () => thread.close(),
  };
}
