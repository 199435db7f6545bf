import { createHash } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inject } from 'vitest';
import { buildApp } from '../../../app';
import type { AppServices } from '../../../services';
import { LocalJobRunner } from '../../../jobs/local-runner';
import { FsBlobStore } from '../../../storage/fs-blob-store';
import { startTestServer, testConfig, type Driver, type TestServer } from '../../../test/harness';
import { createOcrPool } from '../reading/ocr-pool';

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

export interface DocumentTestServer extends TestServer {
  jobs: LocalJobRunner;
  close(): Promise<void>;
}

/**
 * A server with a running job runner (fast polling, short backoff) and one OCR worker. The
 * database is the worker's shared test database, so a second server of the same namespace acts
 * like the same installation restarted; test files use their own namespace so that, on a
 * PostgreSQL shared by parallel test files, no file's runner takes another file's jobs.
 */
export async function startDocumentServer(
  driver: Driver,
  options: {
    /** Servers of one namespace share their jobs, like the nodes of one installation. */
    namespace: string;
    services?: Partial<AppServices>;
    leaseMs?: number;
  },
): Promise<DocumentTestServer> {
  const base = await startTestServer(driver);
  await base.app.close();
  const config = testConfig();
  const jobs = new LocalJobRunner(base.db, {
    pollIntervalMs: 50,
    leaseMs: options.leaseMs ?? 2000,
    maxRetryDelayMs: 100,
    shutdownGraceMs: 2000,
    namespace: options.namespace,
  });
  const ocr = createOcrPool({ size: 1 });
  const app = await buildApp({
    db: base.db,
    config,
    logger: false,
    services: { blobs: new FsBlobStore(sharedBlobRoot(driver)), jobs, ocr, ...options.services },
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('server has no port');
  await jobs.start();
  return {
    app,
    db: base.db,
    config,
    baseUrl: `http://127.0.0.1:${address.port}`,
    jobs,
    async close() {
      await jobs.stop();
      await app.close();
      await ocr.close();
    },
  };
}
