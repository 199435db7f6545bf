import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { instructorIdParams } from '@shared/api/instructors';
import { actorOf, authorize } from '../../http/auth-plugin';
import { contentDisposition } from '../../http/content-disposition';
import type { RouteContext } from '../../http/types';
import { recordAudit } from '../activity/service';
import { instructorFilePdf } from './file-pdf';
import { buildFileReport } from './file-report';

/** `jordan-pilot` from `Jordan Pilot`: the name as it can sit in a file name anywhere. */
function slugOf(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
  return slug || 'file';
}

/** `GET /api/instructors/:id/file.pdf`: one person's file as an inspector reads it. */
export async function instructorFileRoutes(root: FastifyInstance, ctx: RouteContext) {
  const { db, ledgerSigning } = ctx;
  const app = root.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/instructors/:id/file.pdf',
    {
      schema: {
        tags: ['instructors'],
        description:
          'The 142.73(b) file as a PDF: person, status, requirements, designations, events, ' +
          'retention, and each change’s ledger leaf with its inclusion proof to a signed checkpoint.',
        params: instructorIdParams,
        // No response schema: the body is a file, not JSON.
      },
      onRequest: authorize('readAllRecords'),
    },
    async (request, reply) => {
      const actor = actorOf(request);
      const report = await buildFileReport(db, ledgerSigning, actor, request.params.id);
      const pdf = await instructorFilePdf(report);
      const { file } = report;
      // Who took a copy of a personnel file is part of its trail; not a change, so not its leaf.
      await recordAudit(db, {
        organizationId: actor.organizationId,
        actorId: actor.userId,
        action: 'export_instructor_file',
        details: { exportedFileId: file.id, name: file.name, version: file.version },
      });
      return reply
        .type('application/pdf')
        .header(
          'content-disposition',
          contentDisposition(
            'attachment',
            `instructor-file-${slugOf(file.name)}-v${file.version}.pdf`,
          ),
        )
        .header('cache-control', 'no-store')
        .send(pdf);
    },
  );
}
