import type { FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  FLEET_IMPORT_CAPABILITY,
  FLEET_IMPORT_KINDS,
  FLEET_IMPORT_MODES,
  fleetColumnMappingOf,
  fleetImportForm,
  fleetImportPreview,
  fleetImportResult,
  type FleetColumnMapping,
  type FleetImportKind,
} from '@shared/api/fleet-import';
import { can } from '@shared/constants/roles';
import { actorOf, authorize } from '../../http/auth-plugin';
import { errorResponses, forbidden, invalid } from '../../http/errors';
import type { RouteContext } from '../../http/types';
import { readImportFile } from '../../import/import-file';
import { receiveImportForm } from '../../import/import-upload';
import { importTableOf } from '../training-events/service';
import { commitFleetImport, previewFleetImport } from './import-service';

const WHAT: Record<FleetImportKind, string> = {
  devices: 'the device list',
  discrepancies: 'the discrepancy log',
  maintenance: 'the maintenance log',
};

const listed = <T extends string>(values: readonly T[]) => values.map((v) => `"${v}"`).join(', ');

function pick<T extends string>(field: string, values: readonly T[], text: string): T {
  const value = values.find((v) => v === text.trim());
  if (!value) throw invalid(`${field}: "${text}" is not one of ${listed(values)}`);
  return value;
}

function parseMapping(kind: FleetImportKind, text: string): FleetColumnMapping {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw invalid('mapping: not valid JSON');
  }
  const parsed = fleetColumnMappingOf(kind).safeParse(json);
  if (!parsed.success) {
    throw invalid(`mapping: ${parsed.error.issues[0]?.message ?? 'not a column mapping'}`);
  }
  return parsed.data;
}

/** The first sheet, as the training-records import reads it; a header alone imports nothing. */
async function readTable(bytes: Buffer) {
  const { format, table } = await readImportFile(bytes);
  if (table.rows.length === 0) throw invalid('The file has a header row but no rows to import.');
  return importTableOf(format, table);
}

/**
 * `POST /api/maintenance/import`: the device list, the discrepancy log or the maintenance log
 * from a CSV/XLSX file, previewed, then written all or nothing. The route admits the roles that
 * may import some kind; the kind named in the form then decides (Admins: devices and
 * maintenance; the roles that keep the log: discrepancies).
 */
export async function fleetImportRoutes(root: FastifyInstance, { db }: RouteContext) {
  // A scope of its own: multipart parsing exists only on this route.
  await root.register(async (scope) => {
    await scope.register(multipart, { throwFileSizeLimit: true });
    const app = scope.withTypeProvider<ZodTypeProvider>();
    app.post(
      '/api/maintenance/import',
      {
        schema: {
          tags: ['maintenance'],
          description:
            'A device list, discrepancy log (142.59(c)(4)) or maintenance log (CSV or XLSX), by `kind`. `mode=preview` checks every row by the rules the forms obey and writes nothing; `mode=commit` writes every row or none, with one audit entry for the import.',
          consumes: ['multipart/form-data'],
          response: {
            200: fleetImportPreview,
            201: fleetImportResult,
            ...errorResponses(401, 403, 409, 413, 415, 422),
          },
        },
        config: { documentedBody: fleetImportForm },
        onRequest: authorize('manageDocuments'),
      },
      async (request, reply) => {
        const actor = actorOf(request);
        const form = await receiveImportForm(request);
        if (!form.fields.kind) {
          throw invalid(`kind: say what the file holds, one of ${listed(FLEET_IMPORT_KINDS)}`);
        }
        const kind = pick('kind', FLEET_IMPORT_KINDS, form.fields.kind);
        if (!can(actor.role, FLEET_IMPORT_CAPABILITY[kind])) {
          throw forbidden(`Your role does not allow importing ${WHAT[kind]}`);
        }
        const mode = pick('mode', FLEET_IMPORT_MODES, form.fields.mode ?? 'preview');
        const upload = {
          kind,
          fileName: form.fileName,
          fileHash: form.fileHash,
          mapping: form.fields.mapping ? parseMapping(kind, form.fields.mapping) : undefined,
          table: await readTable(form.bytes),
        };
        if (mode === 'commit') {
          return reply.status(201).send(await commitFleetImport(db, actor, upload));
        }
        return reply.status(200).send(await previewFleetImport(db, actor, upload));
      },
    );
  });
}
