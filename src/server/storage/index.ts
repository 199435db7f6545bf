import { join } from 'node:path';
import type { Config } from '../config';
import type { Database } from '../db/client';
import type { BlobStore } from './blob-store';
import { FsBlobStore } from './fs-blob-store';
import { PgBlobStore } from './pg-blob-store';
import { sweepStaging, sweepTempDirs } from './temp-dirs';

export * from './blob-store';
export { FsBlobStore } from './fs-blob-store';
export { PgBlobStore } from './pg-blob-store';

/** Files under the data folder in embedded mode; the database when nodes share PostgreSQL. */
export function createBlobStore(config: Config, db: Database): BlobStore {
  return config.DATABASE_URL ? new PgBlobStore(db) : new FsBlobStore(join(config.dataDir, 'blobs'));
}

/**
 * At start: scratch folders of processes that are gone, and the embedded store's unfinished
 * writes (a kill -9 mid-upload leaves both). Answers how many it removed.
 */
export async function sweepLeftovers(config: Config): Promise<number> {
  const removed = await sweepTempDirs();
  if (!config.DATABASE_URL) {
    removed.push(...(await sweepStaging(join(config.dataDir, 'blobs', '.staging'))));
  }
  return removed.length;
}
