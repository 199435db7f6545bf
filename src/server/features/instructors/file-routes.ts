import type { FastifyInstance } from 'fastify';
import type { RouteContext } from '../../http/types';

/** `GET /api/instructors/:id/file.pdf`: one person's file as an inspector reads it. */
export async function instructorFileRoutes(_app: FastifyInstance, _ctx: RouteContext) {}
