import type { FastifyError, FastifyInstance } from 'fastify';
import {
  hasZodFastifySchemaValidationErrors,
  isResponseSerializationError,
} from 'fastify-type-provider-zod';
import { ERROR_CODES, errorBody, type ErrorBody, type ErrorCode } from '@shared/api/errors';

/** The one error type services throw. `code` is stable for clients; `message` is for people. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string,
    readonly issues?: ErrorBody['issues'],
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const unauthenticated = (message = 'Unauthorized') =>
  new AppError(401, ERROR_CODES.unauthenticated, message);
export const forbidden = (message = 'Your role does not allow this action') =>
  new AppError(403, ERROR_CODES.forbidden, message);
export const notFound = (what: string) =>
  new AppError(404, ERROR_CODES.notFound, `${what} not found`);
export const conflict = (message: string) => new AppError(409, ERROR_CODES.conflict, message);
/** Sensitive actions need a session that proved who it is in the last minutes. */
export const REAUTHENTICATION_MINUTES = 15;

export function requireRecentAuthentication(actor: { authenticatedAt: Date }, what: string) {
  if (Date.now() - actor.authenticatedAt.getTime() <= REAUTHENTICATION_MINUTES * 60_000) return;
  throw new AppError(
    403,
    ERROR_CODES.reauthenticationRequired,
    `Enter your password again to ${what}.`,
  );
}

export const invalid = (message: string, issues?: ErrorBody['issues']) =>
  new AppError(422, ERROR_CODES.validation, message, issues);

/**
 * The response schemas of the error statuses a route answers, for its `schema.response`:
 * `response: { 200: userList, ...errorResponses(401, 403) }`. Every error has the one body.
 */
export function errorResponses<const Status extends number>(...statuses: Status[]) {
  const responses = {} as Record<Status, typeof errorBody>;
  for (const status of statuses) responses[status] = errorBody;
  return responses;
}

function describeIssues(issues: ErrorBody['issues']): string {
  if (!issues?.length) return 'The request is not valid';
  return issues.map((i) => (i.path ? `${i.path}: ${i.message}` : i.message)).join('; ');
}

export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      const body: ErrorBody = { message: error.message, code: error.code };
      if (error.issues) body.issues = error.issues;
      return reply.status(error.statusCode).send(body);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues = error.validation.map((v) => ({
        path: v.instancePath.replace(/^\//, '').replaceAll('/', '.'),
        message: v.message ?? 'Invalid value',
      }));
      return reply
        .status(422)
        .send({ message: describeIssues(issues), code: ERROR_CODES.validation, issues });
    }
    if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError) {
      return reply
        .status(400)
        .send({ message: 'The request body is not valid JSON', code: ERROR_CODES.malformedJson });
    }
    if (error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') {
      return reply
        .status(400)
        .send({ message: 'The request body is empty', code: ERROR_CODES.malformedJson });
    }
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return reply
        .status(413)
        .send({ message: 'The request body is too large', code: ERROR_CODES.payloadTooLarge });
    }
    if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
      return reply.status(415).send({
        message: 'This content type is not accepted',
        code: ERROR_CODES.unsupportedMediaType,
      });
    }
    if (error.statusCode === 429) {
      return reply.status(429).send({ message: error.message, code: ERROR_CODES.rateLimited });
    }
    if (isResponseSerializationError(error) || !error.statusCode || error.statusCode >= 500) {
      request.log.error({ err: error }, 'request failed');
      return reply.status(500).send({
        message:
          'Something went wrong on our side. Quote this request id when you contact support.',
        code: ERROR_CODES.internal,
        requestId: String(request.id),
      });
    }
    // Fastify's own 4xx errors (media type, body too large, ...) keep their status.
    return reply
      .status(error.statusCode)
      .send({ message: error.message, code: error.code ?? 'bad_request' });
  });
}

/** True when a database error is a unique-constraint violation (on `constraint`, if given). */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const { code, constraint: name } = e as { code?: unknown; constraint?: unknown };
    if (code === '23505') return constraint === undefined || name === constraint;
  }
  return false;
}
