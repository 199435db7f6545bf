import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import type { Database } from '../db/client';

/** What every feature's routes receive. */
export interface RouteContext {
  db: Database;
  config: Config;
}

export type FeatureRoutes = (app: FastifyInstance, ctx: RouteContext) => void | Promise<void>;
