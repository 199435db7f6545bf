import { buildApp } from '../../../app';
import { LocalJobRunner } from '../../../jobs/local-runner';
import { startTestServer, testConfig, type Driver, type TestServer } from '../../../test/harness';

export interface AuditTestServer extends TestServer {
  close(): Promise<void>;
}

/**
 * A test server whose job runner works (fast polling) and claims only the jobs of `namespace`,
 * so parallel test files on one database never run each other's analyses.
 */
export async function startAuditServer(
  driver: Driver,
  options: {
    namespace: string;
    env?: Record<string, string>;
    /** Told of each request that reached its handler (after authentication and validation). */
    onHandled?: (method: string, url: string) => void;
  },
): Promise<AuditTestServer> {
  const base = await startTestServer(driver);
  await base.app.close();
  const config = testConfig(options.env);
  const jobs = new LocalJobRunner(base.db, {
    pollIntervalMs: 50,
    leaseMs: 10_000,
    maxRetryDelayMs: 100,
    shutdownGraceMs: 2_000,
    namespace: options.namespace,
  });
  const app = await buildApp({ db: base.db, config, logger: false, services: { jobs } });
  const onHandled = options.onHandled;
  if (onHandled)
    app.addHook('preHandler', async (request) => onHandled(request.method, request.url));
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('server has no port');
  await jobs.start();
  return {
    app,
    db: base.db,
    config,
    baseUrl: `http://127.0.0.1:${address.port}`,
    async close() {
      await jobs.stop();
      await app.close();
    },
  };
}
