import { randomUUID } from 'node:crypto';
import Fastify, {
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyServerOptions,
} from 'fastify';
import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { ERROR_CODES } from '@shared/api/errors';
import type { Config } from './config';
import type { Database } from './db/client';
import { activityRoutes } from './features/activity/routes';
import { auditorAccessRoutes } from './features/auditor-access/routes';
import { auditRoutes } from './features/audit/routes';
import { backupRoutes } from './features/backup/routes';
import { supportRoutes } from './features/support/routes';
import { authRoutes } from './features/auth/routes';
import { checklistRoutes } from './features/checklist/routes';
import { dashboardRoutes } from './features/dashboard/routes';
import { dataExportRoutes } from './features/data-export/routes';
import { documentGenerationRoutes } from './features/document-generation/routes';
import { documentRoutes } from './features/documents/routes';
import { ledgerRoutes } from './features/ledger/routes';
import { linkRoutes } from './features/links/routes';
import { organizationRoutes } from './features/organizations/routes';
import { reportRoutes } from './features/compliance-reports/routes';
import { regulatoryRoutes } from './features/regulatory/routes';
import { settingsRoutes } from './features/settings/routes';
import { setupRoutes } from './features/setup/routes';
import { trainingEventRoutes } from './features/training-events/routes';
import { instructorRoutes } from './features/instructors/routes';
import { maintenanceRoutes } from './features/maintenance/routes';
import { userRoutes } from './features/users/routes';
import { registerApiDocs } from './http/api-docs';
import { authPlugin } from './http/auth-plugin';
import { registerClientAssets } from './http/client-assets';
import { registerCompression } from './http/compression';
import { registerErrorHandler } from './http/errors';
import { registerOperations } from './http/operations';
import { databaseRateLimitStore } from './http/rate-limit-store';
import { registerSecurity } from './http/security';
import { registerUnstorableTextCheck } from './http/unstorable-text';
import { createServices, type AppServices } from './services';
import type { FeatureRoutes } from './http/types';

const FEATURES: FeatureRoutes[] = [
  // First: its hook writes external auditors' reads to the audit trail, for every route after.
  auditorAccessRoutes,
  authRoutes,
  setupRoutes,
  userRoutes,
  settingsRoutes,
  organizationRoutes,
  activityRoutes,
  dashboardRoutes,
  documentRoutes,
  trainingEventRoutes,
  ledgerRoutes,
  checklistRoutes,
  auditRoutes,
  documentGenerationRoutes,
  regulatoryRoutes,
  linkRoutes,
  instructorRoutes,
  maintenanceRoutes,
  dataExportRoutes,
  reportRoutes,
  backupRoutes,
  supportRoutes,
];

export interface AppOptions {
  db: Database;
  config: Config;
  logger?: FastifyServerOptions['logger'];
  /** A logger the process already made (main.ts shares one between the web and jobs parts). */
  loggerInstance?: FastifyBaseLogger;
  /** Parts to use instead of the ones built from the configuration (tests, benchmarks). */
  services?: Partial<AppServices>;
  /**
   * Settles when the database is open and migrated. Until then, and until the features' startup
   * work is done (`app.startup`), the server answers /api/health and the built assets; every
   * other request waits.
   */
  databaseReady?: Promise<unknown>;
  /**
   * Rate-limit windows are shared by every app on the database; apps given different scopes
   * count apart (tests that share one database, each server its own installation).
   */
  rateLimitScope?: string;
  /** The PostgreSQL pool's connections, for /metrics. */
  poolStats?: () => { total: number; idle: number; waiting: number };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Settles when the database is ready and every feature's startup work is done. */
    startup: Promise<void>;
    /** From now on readiness fails (shutdown): the load balancer stops sending requests. */
    drain(): void;
  }
}

/** Requests that need no database pass; the others wait until it is ready (then nobody waits). */
function holdUntilReady(app: FastifyInstance, ready: Promise<unknown>) {
  let settled = false;
  ready.then(
    () => (settled = true),
    () => {},
  );
  app.addHook('onRequest', async (request) => {
    if (settled) return;
    const path = request.url.split('?')[0] ?? '';
    if (path.startsWith('/api/health') || path === '/metrics' || path.startsWith('/assets/'))
      return;
    await ready;
  });
}

export async function buildApp({
  db,
  config,
  logger,
  loggerInstance,
  services: given,
  databaseReady,
  rateLimitScope = '',
  poolStats,
}: AppOptions) {
  const app = Fastify({
    ...(loggerInstance ? { loggerInstance } : { logger: logger ?? { level: config.LOG_LEVEL } }),
    trustProxy: config.TRUST_PROXY,
    bodyLimit: 1024 * 1024,
    // The load balancer's request id (nginx `$request_id`) when there is one, else a new one:
    // unique across nodes, so one request can be followed through every node's logs.
    requestIdHeader: 'x-request-id',
    genReqId: () => randomUUID(),
    // Avvio's 10 s default fails a start on a busy machine (a plugin reading its assets from disk).
    pluginTimeout: 60_000,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  registerUnstorableTextCheck(app);
  const startupTasks: (() => Promise<unknown>)[] = [];
  let release!: () => void;
  const registered = new Promise<void>((resolve) => (release = resolve));
  const startup = Promise.all([databaseReady, registered]).then(async () => {
    for (const task of startupTasks) await task();
  });
  startup.catch(() => {});
  app.decorate('startup', startup);
  if (databaseReady) holdUntilReady(app, startup);

  await registerSecurity(app, config);
  await registerCompression(app);
  await app.register(cookie);
  await app.register(rateLimit, {
    global: false,
    // Counted in the database: every node behind the load balancer sees the same tries.
    store: databaseRateLimitStore(db, rateLimitScope),
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      code: ERROR_CODES.rateLimited,
      message: `Too many attempts. Try again in ${context.after}.`,
    }),
  });
  await registerApiDocs(app);
  await app.register(authPlugin, {
    db,
    sessionMaxMs: config.SESSION_MAX_HOURS * 3_600_000,
    operators: config.OPERATOR_EMAILS,
  });

  app.get('/api/health', { schema: { hide: true } }, async () => ({ ok: true }));

  const { services, close } = createServices(config, db, app.log, given);
  app.decorate('services', services);
  app.addHook('onClose', close);
  let draining = false;
  app.decorate('drain', () => void (draining = true));
  await registerOperations(app, {
    db,
    jobs: services.jobs,
    startup,
    draining: () => draining,
    metricsToken: config.METRICS_TOKEN,
    poolStats,
  });

  const atStartup = (task: () => Promise<unknown>) => void startupTasks.push(task);
  for (const feature of FEATURES) await feature(app, { db, config, ...services, atStartup });
  release();
  // Without a database still opening (tests, tools), the app is ready when it is returned.
  if (!databaseReady) await startup;
  await registerClientAssets(app, config.clientDir);
  return app;
}
