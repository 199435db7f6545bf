import { pino } from 'pino';
import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { buildApp } from './app';
import { bootstrapFirstAdmin } from './bootstrap';
import { moveKeysOutOfDatabase, startLedgerTimers } from './features/ledger/service';
import { startLinkCheckSchedule } from './features/links/service';
import { startRegulatoryTimers } from './features/regulatory/service';
import { startJobs } from './jobs/registry';
import { createServices } from './services';
import { purgeExpiredSessions } from './sessions/index';
import { sweepLeftovers } from './storage/index';
import { purgeExpiredRateLimits } from './http/rate-limit-store';
import { startBackupSchedule } from './features/backup/service';
import { startReportSchedule } from './features/compliance-reports/service';

/**
 * Composes the process from two independent parts over one set of services: the web part
 * (routes, built by `buildApp`) unless ROLE=worker, and the jobs part (every definition of
 * `jobs/registry.ts`, worked by the queue) unless ROLE=web. A worker never builds the routes.
 */
/** How often the embedded database's statistics are refreshed (a few hundred ms at 100,000 events). */
const UPKEEP_INTERVAL_MS = 5 * 60_000;

async function main() {
  const config = loadConfig();
  const log = pino({ level: config.LOG_LEVEL });
  const t0 = performance.now();
  const since = () => Math.round(performance.now() - t0);
  const leftovers = await sweepLeftovers(config);
  if (leftovers) log.info({ removed: leftovers }, 'removed scratch files a stopped process left');
  const handle = await openDatabase(
    config.DATABASE_URL
      ? { kind: 'postgres', url: config.DATABASE_URL }
      : {
          kind: 'pglite',
          dataDir: config.dataDir,
          inProcess: config.EMBEDDED_DATABASE === 'in-process',
        },
  );
  // The embedded database opens in its own thread while the server starts listening.
  const ready = handle.migrate().then(async () => {
    const firstRun = await bootstrapFirstAdmin(handle.db, config);
    log.info({ ms: since() }, 'database ready');
    return firstRun;
  });
  const services = createServices(config, handle.db, log);
  const { jobs, jobDefinitions } = services.services;

  const app =
    config.ROLE === 'worker'
      ? null
      : await buildApp({
          db: handle.db,
          config,
          loggerInstance: log,
          services: services.services,
          databaseReady: ready,
        });
  if (app) {
    await app.listen({ port: config.PORT, host: config.HOST });
    log.info({ ms: since() }, 'listening');
  }
  const firstRun = await ready;
  await app?.startup;
  // The web part does this at startup (ledger routes); a worker alone must too before it signs.
  if (!app) await moveKeysOutOfDatabase(handle.db, services.services.ledgerSigning);
  if (config.ROLE !== 'web') await startJobs(jobs, jobDefinitions);

  const sweep = setInterval(() => {
    Promise.all([purgeExpiredSessions(handle.db), purgeExpiredRateLimits(handle.db)]).catch(
      (err: unknown) => log.warn({ err }, 'session sweep failed'),
    );
  }, 10 * 60_000);
  sweep.unref();
  // The embedded database's statistics and visibility map, kept fresh as autovacuum would.
  const upkeep = handle.upkeep;
  const tidy = upkeep
    ? setInterval(() => {
        upkeep().catch((err: unknown) => log.warn({ err }, 'database upkeep failed'));
      }, UPKEEP_INTERVAL_MS)
    : null;
  tidy?.unref();
  await upkeep?.();
  // A signed ledger head at least every minute for each organization whose log grew, and its
  // checkpoint sent to the organization's witnesses.
  const stopHeadSigner = startLedgerTimers(
    handle.db,
    services.services.ledgerSigning,
    (err) => log.warn({ err }, 'ledger head signing or cosigning failed'),
    config.LEDGER_COSIGN_INTERVAL_MS,
  );

  // Monitored links whose check interval has passed are checked by a job (processes that run jobs).
  const stopLinkSchedule =
    config.ROLE !== 'web'
      ? startLinkCheckSchedule(handle.db, jobs, jobDefinitions.linkCheck, (err) =>
          log.warn({ err }, 'link check scheduling failed'),
        )
      : () => {};

  // The eCFR fetch every REGULATORY_FETCH_HOURS and the daily deadline sweep; the first check
  // waits a minute, so the start is never held up by the eCFR.
  const stopRegulatoryTimers = startRegulatoryTimers(
    { db: handle.db, config, jobs, job: jobDefinitions.regulatoryFetch },
    (err) => log.warn({ err }, 'regulatory fetch scheduling failed'),
  );

  // Scheduled backups (Backup Settings), started by processes that run jobs.
  const stopBackupSchedule =
    config.ROLE !== 'web'
      ? startBackupSchedule({ db: handle.db, config, jobs, job: jobDefinitions.backup }, (err) =>
          log.warn({ err }, 'backup scheduling failed'),
        )
      : () => {};

  // Scheduled reports (weekly, monthly), requested by processes that run jobs.
  const stopReportSchedule =
    config.ROLE !== 'web'
      ? startReportSchedule(handle.db, { jobs, job: jobDefinitions.reportGeneration }, (err) =>
          log.warn({ err }, 'report scheduling failed'),
        )
      : () => {};

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'shutting down');
    clearInterval(sweep);
    if (tidy) clearInterval(tidy);
    stopHeadSigner();
    stopRegulatoryTimers();
    stopLinkSchedule();
    stopBackupSchedule();
    stopReportSchedule();
    await app?.close();
    // Let running jobs finish (bounded); unfinished ones are resumed by the next start.
    await services.close();
    await handle.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));

  if (!app) {
    log.info(`Centerline worker is running jobs (${handle.driver} database)`);
    return;
  }
  const url = `http://localhost:${config.PORT}`;
  log.info(`Centerline is running on ${url} (${handle.driver} database)`);
  if (firstRun === 'setup-open')
    log.info(`No organization yet: open ${url}/setup to create the first admin`);
  if (firstRun === 'created') log.info(`Created the first admin ${config.ADMIN_EMAIL}`);
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
