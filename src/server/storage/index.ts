import { join } from 'node:path';
import type { Config } from '../config';
import type { Database } from '../db/client';
import type { BlobStore } from './blob-store';
import { FsBlobStore } from './fs-blob-store';
import { PgBlobStore } from './pg-blob-store';

export * from './blob-store';
export { FsBlobStore } from './fs-blob-store';
export { PgBlobStore } from './pg-blob-store';

/** Files under the data folder in embedded mode; the database when nodes share PostgreSQL. */
export function createBlobStore(config: Config, db: Database): BlobStore {
  return config.DATABASE_URL ? new PgBlobStore(db) : new FsBlobStore(join(config.dataDir, 'blobs'));
}
