import { createHash } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inject } from 'vitest';
import { lazyOcrPool } from '../../features/documents/service';
import type { AppServices } from '../../services';
import { FsBlobStore } from '../../storage/fs-blob-store';
import { startJobServer, type Driver, type JobTestServer } from '../harness';

/**
 * Every document test server of a run shares one blob folder per database, as the nodes of one
 * installation would: whichever server's runner picks a job up finds the file.
 */
function sharedBlobRoot(driver: Driver) {
  const key =
    driver === 'postgres'
      ? createHash('sha256').update(inject('postgresUrl')).digest('hex').slice(0, 16)
      : `pglite-${process.pid}`;
  return join(tmpdir(), 'centerline-test-blobs', key);
}

export type DocumentTestServer = JobTestServer;

/**
 * A job test server (harness.ts) with one OCR worker and the run's shared blob folder. The
 * database is the worker's shared test database, so a second server of the same namespace acts
 * like the same installation restarted.
 */
export async function startDocumentServer(
  driver: Driver,
  options: {
    namespace: string;
    services?: Partial<AppServices>;
    leaseMs?: number;
    env?: Record<string, string>;
  },
): Promise<DocumentTestServer> {
  const ocr = lazyOcrPool(1);
  const server = await startJobServer(driver, {
    ...options,
    services: { blobs: new FsBlobStore(sharedBlobRoot(driver)), ocr, ...options.services },
  });
  return {
    ...server,
    async close() {
      await server.close();
      await ocr.close();
    },
  };
}
