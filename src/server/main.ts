import { pino } from 'pino';
import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { buildApp } from './app';
import { NODE_ID } from './cluster/node';
import { buildOperationsApp } from './http/operations';
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
  // JSON lines; every line names the node and its role, request lines their request id.
  const log = pino({ level: config.LOG_LEVEL, base: { node: NODE_ID, role: config.ROLE } });
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
      ? await buildOperationsApp({
          db: handle.db,
          jobs,
          startup: ready,
          metricsToken: config.METRICS_TOKEN,
          poolStats: handle.poolStats,
          loggerInstance: log,
        })
      : await buildApp({
          db: handle.db,
          config,
          loggerInstance: log,
          services: services.services,
          databaseReady: ready,
          poolStats: handle.poolStats,
        });
  await app.listen({ port: config.PORT, host: config.HOST });
  log.info(
    { ms: since() },
    config.ROLE === 'worker' ? 'health and metrics listening' : 'listening',
  );
  const firstRun = await ready;
  if (config.ROLE === 'worker') {
    // The web part does this at startup (ledger routes); a worker alone must too before it signs.
    await moveKeysOutOfDatabase(handle.db, services.services.ledgerSigning);
  } else {
    await app.startup;
  }
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
    log.info({ signal, drainMs: config.SHUTDOWN_DRAIN_MS }, 'shutting down');
    // Not ready from now on; still serving while the load balancer notices.
    app.drain();
    if (config.SHUTDOWN_DRAIN_MS > 0) {
      await new Promise((resolve) => setTimeout(resolve, config.SHUTDOWN_DRAIN_MS));
    }
    clearInterval(sweep);
    if (tidy) clearInterval(tidy);
    stopHeadSigner();
    stopRegulatoryTimers();
    stopLinkSchedule();
    stopBackupSchedule();
    stopReportSchedule();
    // No new connections; requests in flight are answered first.
    await app.close();
    // Running jobs finish (bounded); the unfinished go back to the queue for another worker.
    await services.close();
    await handle.close();
    log.info('stopped');
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));

  if (config.ROLE === 'worker') {
    log.info(
      `Centerline worker is running jobs (${handle.driver} database); health and metrics on port ${config.PORT}`,
    );
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
