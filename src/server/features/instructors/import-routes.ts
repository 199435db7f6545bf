import type { FastifyInstance } from 'fastify';
import type { RouteContext } from '../../http/types';

/** `POST /api/instructors/import`: preview, then all-or-nothing commit of a CSV/XLSX file. */
export async function instructorImportRoutes(_app: FastifyInstance, _ctx: RouteContext) {}
