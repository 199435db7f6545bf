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
}

export type FeatureRoutes = (app: FastifyInstance, ctx: RouteContext) => void | Promise<void>;
