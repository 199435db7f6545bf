import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import type { Database } from '../db/client';
import type { AppServices } from '../services';

/**
 * What every feature's routes receive: the database, the configuration and the shared services
 * (blob store, job queue, OCR pool, document reader).
 */
export interface RouteContext extends AppServices {
  db: Database;
  config: Config;
  /**
   * Work on the database a feature needs done before it serves its first request (seeding
   * versioned data). It runs once the database is open and migrated: at once in tests, after
   * the migrations when the server starts listening first (main.ts).
   */
  atStartup(task: () => Promise<unknown>): void;
}

export type FeatureRoutes = (app: FastifyInstance, ctx: RouteContext) => void | Promise<void>;
