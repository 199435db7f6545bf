import type { FastifyInstance } from 'fastify';
import { authorize, actorOf } from '../../http/auth-plugin';
import { contentDisposition } from '../../http/content-disposition';
import type { RouteContext } from '../../http/types';
import { exportOrganization } from './service';

/** Settings → Data Management → Export Data: the whole organization as one archive (admins). */
export function dataExportRoutes(
  root: FastifyInstance,
  { db, blobs, ledgerSigning }: RouteContext,
) {
  root.get(
    '/api/admin/export',
    {
      schema: {
        tags: ['organizations'],
        summary: 'The whole organization as a ZIP archive with an offline ledger verifier',
        produces: ['application/zip'],
      },
      onRequest: authorize('manageOrganization'),
    },
    async (request, reply) => {
      const { fileName, stream } = await exportOrganization(
        { db, blobs, ledgerSigning },
        actorOf(request),
      );
      return reply
        .type('application/zip')
        .header('content-disposition', contentDisposition('attachment', fileName))
        .header('cache-control', 'no-store')
        .send(stream);
    },
  );
}
