import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { buildApp } from './app';
import { bootstrapFirstAdmin } from './bootstrap';
import { purgeExpiredSessions } from './features/auth/sessions';
import { startHeadSigner } from './features/ledger/heads';

async function main() {
  const config = loadConfig();
  const handle = await openDatabase(
    config.DATABASE_URL
      ? { kind: 'postgres', url: config.DATABASE_URL }
      : { kind: 'pglite', dataDir: config.dataDir },
  );
  await handle.migrate();
  const app = await buildApp({ db: handle.db, config });
  const firstRun = await bootstrapFirstAdmin(handle.db, config);
  // ROLE=web only serves requests; worker and all run background jobs (document processing).
  if (config.ROLE !== 'web') await app.services.jobs.start();

  const sweep = setInterval(() => {
    purgeExpiredSessions(handle.db).catch((err: unknown) =>
      app.log.warn({ err }, 'session sweep failed'),
    );
  }, 10 * 60_000);
  sweep.unref();
  // A signed ledger head at least every minute for each organization whose log grew.
  const stopHeadSigner = startHeadSigner(handle.db, (err) =>
    app.log.warn({ err }, 'ledger head signing failed'),
  );

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down');
    clearInterval(sweep);
    stopHeadSigner();
    // Let running jobs finish (bounded); unfinished ones are resumed by the next start.
    await app.services.jobs.stop();
    await app.close();
    await handle.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));

  if (config.ROLE === 'worker') {
    app.log.info(`Centerline worker is running jobs (${handle.driver} database)`);
    return;
  }
  await app.listen({ port: config.PORT, host: config.HOST });
  const url = `http://localhost:${config.PORT}`;
  app.log.info(`Centerline is running on ${url} (${handle.driver} database)`);
  if (firstRun === 'setup-open')
    app.log.info(`No organization yet: open ${url}/setup to create the first admin`);
  if (firstRun === 'created') app.log.info(`Created the first admin ${config.ADMIN_EMAIL}`);
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
