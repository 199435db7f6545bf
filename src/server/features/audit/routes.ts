import { datesFor } from '../../reports/reader-dates';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  analysisStarted,
  analyzeComplianceQuery,
  auditCompareQuery,
  auditRunComparison,
  auditRunDetail,
  auditRunList,
  auditRunParams,
  complianceAnalysisResponse,
  documentSummaryResponse,
} from '@shared/api/audit';
import { ERROR_CODES } from '@shared/api/errors';
import { actorOf, authorize } from '../../http/auth-plugin';
import { contentDisposition } from '../../http/content-disposition';
import { AppError, errorResponses } from '../../http/errors';
import type { RouteContext } from '../../http/types';
import { ledgerAnchor } from '../ledger/service';
import { auditRunPdf } from './report-pdf';
import {
  analyzeCompliance,
  compareRuns,
  documentSummary,
  getRun,
  listRuns,
  startAnalysis,
  type AuditServices,
} from './service';

/** How long POST /api/audit/analyze-compliance waits for the run before answering 503. */
const ANALYSIS_WAIT_MS = 15 * 60_000;

/**
 * The AI audit compliance assistant: document summary, analysis runs (a background job with
 * progress; POST waits for it), run history, comparison and the PDF report.
 */
export async function auditRoutes(root: FastifyInstance, ctx: RouteContext) {
  const { db, jobs, jobDefinitions } = ctx;
  // The job itself is registered by the process that runs jobs (src/server/jobs/registry.ts).
  const services: AuditServices = { db, jobs, job: jobDefinitions.auditAnalysis };

  await root.register(async (scope) => {
    // The observed client posts no body with a JSON content type; an empty body means no options.
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser(
      'application/json',
      { parseAs: 'string' },
      (_request, body, done) => {
        const text = String(body).trim();
        if (text === '') return done(null, undefined);
        try {
          done(null, JSON.parse(text));
        } catch (error) {
          done(error as Error, undefined);
        }
      },
    );

    const app = scope.withTypeProvider<ZodTypeProvider>();
    const tags = ['audit'];
    const allowed = authorize('runAudit');
    const errors = errorResponses(401, 403, 404, 409, 422);

    app.get(
      '/api/audit/document-summary',
      {
        schema: { tags, response: { 200: documentSummaryResponse, ...errors } },
        onRequest: allowed,
      },
      (request) => documentSummary(db, actorOf(request)),
    );

    app.post(
      '/api/audit/analyze-compliance',
      {
        schema: {
          tags,
          querystring: analyzeComplianceQuery,
          response: {
            200: complianceAnalysisResponse,
            202: analysisStarted,
            ...errors,
            ...errorResponses(500, 503),
          },
        },
        onRequest: allowed,
      },
      async (request, reply) => {
        if (request.query.wait === 'false') {
          const { runId, joined } = await startAnalysis(services, actorOf(request));
          return reply.status(202).send({ runId, joinedRunningAnalysis: joined });
        }
        const gone = new AbortController();
        reply.raw.on('close', () => {
          if (!reply.raw.writableEnded) gone.abort();
        });
        try {
          return await analyzeCompliance(services, actorOf(request), {
            signal: gone.signal,
            timeoutMs: ANALYSIS_WAIT_MS,
          });
        } catch (error) {
          // The client left; the run goes on and its result lands in the history.
          if (gone.signal.aborted) {
            throw new AppError(409, ERROR_CODES.conflict, 'The request was cancelled');
          }
          throw error;
        }
      },
    );

    app.get(
      '/api/audit/runs',
      { schema: { tags, response: { 200: auditRunList, ...errors } }, onRequest: allowed },
      (request) => listRuns(db, actorOf(request)),
    );

    app.get(
      '/api/audit/runs/compare',
      {
        schema: {
          tags,
          querystring: auditCompareQuery,
          response: { 200: auditRunComparison, ...errors },
        },
        onRequest: allowed,
      },
      (request) => compareRuns(db, actorOf(request), request.query.from, request.query.to),
    );

    app.get(
      '/api/audit/runs/:id',
      {
        schema: { tags, params: auditRunParams, response: { 200: auditRunDetail, ...errors } },
        onRequest: allowed,
      },
      (request) => getRun(db, actorOf(request), request.params.id),
    );

    app.get(
      '/api/audit/runs/:id/report.pdf',
      { schema: { tags, params: auditRunParams }, onRequest: allowed },
      async (request, reply) => {
        const actor = actorOf(request);
        const run = await getRun(db, actor, request.params.id);
        if (!run.result) {
          throw new AppError(
            409,
            ERROR_CODES.conflict,
            'This analysis has no result to export yet.',
          );
        }
        const pdf = await auditRunPdf(run, {
          organizationName: actor.organizationName,
          generatedBy: `${actor.firstName} ${actor.lastName}`.trim() || actor.email,
          generatedAt: new Date(),
          dates: datesFor(actor),
          language: actor.preferences.language,
          ledger: await ledgerAnchor(db, ctx.ledgerSigning, actor.organizationId),
        });
        const day = run.result.completedAt.slice(0, 10);
        return reply
          .header('content-type', 'application/pdf')
          .header(
            'content-disposition',
            contentDisposition('attachment', `compliance-analysis-${day}.pdf`),
          )
          .header('cache-control', 'no-store')
          .send(pdf);
      },
    );
  });
}
