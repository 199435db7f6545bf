import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { exportQuery, importQuery, importRejected, importResult } from '@shared/api/checklist';
import { actorOf, authorize } from '../../http/auth-plugin';
import { errorResponses } from '../../http/errors';
import type { RouteContext } from '../../http/types';
import { ledgerAnchor } from '../ledger/service';
import { recordAudit } from '../activity/service';
import { IMPORT_MAX_BYTES, IMPORT_MAX_ROWS, readImportFile, unsupportedFile } from './import-file';
import { importChecklist, ImportRejectedError } from './import-service';
import { buildReport } from './report-data';
import { checklistPdf } from './report-pdf';
import { checklistCsv, checklistXlsx } from './report-tables';

/** Body types the import reads as raw bytes; the real type is sniffed from the bytes. */
const IMPORT_TYPES = [
  'text/csv',
  'text/plain',
  'application/csv',
  'application/vnd.ms-excel',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/octet-stream',
];

/** The body as the OpenAPI document describes it; the parser below reads it. */
const importFile = z
  .file()
  .max(IMPORT_MAX_BYTES)
  .meta({
    description:
      `The CSV or XLSX file itself, not a multipart form: at most ${IMPORT_MAX_BYTES / 1024 / 1024} MB ` +
      `and ${IMPORT_MAX_ROWS.toLocaleString('en-US')} rows. The type is read from the bytes.`,
  });

const CONTENT_TYPES = {
  pdf: 'application/pdf',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv; charset=utf-8',
} as const;

/**
 * Import and export of the checklist. Registered in a scope of their own: the raw-body parsers
 * for CSV and XLSX apply to these routes only.
 */
export function checklistTransferRoutes(
  scope: FastifyInstance,
  { db, ledgerSigning }: RouteContext,
) {
  scope.addContentTypeParser(
    IMPORT_TYPES,
    { parseAs: 'buffer', bodyLimit: IMPORT_MAX_BYTES },
    (_request, body, done) => done(null, body),
  );
  const app = scope.withTypeProvider<ZodTypeProvider>();
  const tags = ['checklist'];

  /**
   * The file is the request body (Content-Type text/csv or the XLSX type), not a multipart form:
   * `fetch(url, { method: 'POST', body: file })`. `?dryRun=true` previews without writing.
   */
  app.post(
    '/api/checklist/import',
    {
      bodyLimit: IMPORT_MAX_BYTES,
      schema: {
        tags,
        consumes: IMPORT_TYPES,
        querystring: importQuery,
        response: {
          200: importResult,
          ...errorResponses(401, 403, 413, 415),
          422: importRejected,
        },
      },
      config: { documentedBody: importFile },
      onRequest: authorize('editChecklist'),
    },
    async (request, reply) => {
      // An empty body may arrive unparsed; it is an empty file, not a foreign type.
      const bytes = request.body ?? Buffer.alloc(0);
      if (!Buffer.isBuffer(bytes)) throw unsupportedFile();
      const table = await readImportFile(bytes);
      try {
        return await importChecklist(db, actorOf(request), table, {
          dryRun: request.query.dryRun,
          fileName: request.query.filename,
        });
      } catch (error) {
        if (!(error instanceof ImportRejectedError)) throw error;
        return reply.status(422).send({
          message: error.message,
          code: error.code,
          issues: error.issues,
          result: error.result,
        });
      }
    },
  );

  app.get(
    '/api/checklist/export',
    {
      // No response schema: the body is a file, not JSON.
      schema: { tags, querystring: exportQuery },
      onRequest: authorize('exportReports'),
    },
    async (request, reply) => {
      const actor = actorOf(request);
      const { format } = request.query;
      const report = await buildReport(db, actor);
      const body =
        format === 'pdf'
          ? await checklistPdf(report, await ledgerAnchor(db, ledgerSigning, actor.organizationId))
          : format === 'xlsx'
            ? await checklistXlsx(report)
            : checklistCsv(report);
      await recordAudit(db, {
        organizationId: actor.organizationId,
        actorId: actor.userId,
        action: 'export_checklist',
        details: { format, generatedAt: report.generatedAt.toISOString() },
      });
      const stamp = report.generatedAt.toISOString().slice(0, 16).replace(/[-:]/g, '');
      return reply
        .type(CONTENT_TYPES[format])
        .header(
          'content-disposition',
          `attachment; filename="part142-checklist-${stamp}Z.${format}"`,
        )
        .header('cache-control', 'no-store')
        .send(body);
    },
  );
}
