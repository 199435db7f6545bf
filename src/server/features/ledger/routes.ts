import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  addLedgerWitness,
  consistencyProof,
  consistencyProofQuery,
  headHistory as headHistoryBody,
  headHistoryQuery,
  inclusionProof,
  inclusionProofParams,
  inclusionProofQuery,
  ledgerKeyList,
  ledgerPublicKey,
  ledgerVerification,
  ledgerWitness,
  ledgerWitnessList,
  ledgerWitnessParams,
  signedTreeHead,
} from '@shared/api/ledger';
import { z } from 'zod';
import { actorOf, authorize } from '../../http/auth-plugin';
import { errorResponses } from '../../http/errors';
import type { RouteContext } from '../../http/types';
import { recordAudit } from '../activity/service';
import {
  currentHead,
  currentHeadRow,
  keysOf,
  moveKeysOutOfDatabase,
  publicKeyOf,
  rotateKey,
  toPublicKey,
} from './heads';
import { headHistory } from './head-history';
import { getConsistencyProof, getInclusionProof } from './service';
import { verifyLedger } from './verify';
import {
  activeWitnesses,
  addWitness,
  checkpointNoteOf,
  removeWitness,
  toLedgerWitness,
} from './witnesses';

export function ledgerRoutes(
  root: FastifyInstance,
  { db, ledgerSigning: signing, jobs, jobDefinitions, atStartup }: RouteContext,
) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const tags = ['ledger'];
  const errors = errorResponses(401, 403, 404, 422, 503);

  // Databases from before the key vault still hold private keys: move them out first.
  atStartup(() => moveKeysOutOfDatabase(db, signing));

  const sendToWitnesses = (organizationId: string) =>
    jobs.send(jobDefinitions.ledgerCosign, { organizationId });

  app.get(
    '/api/ledger/public-key',
    { schema: { tags, response: { 200: ledgerPublicKey, ...errors } }, onRequest: authorize() },
    (request) => publicKeyOf(db, signing, actorOf(request).organizationId),
  );

  app.get(
    '/api/ledger/keys',
    { schema: { tags, response: { 200: ledgerKeyList, ...errors } }, onRequest: authorize() },
    async (request) => {
      const organizationId = actorOf(request).organizationId;
      const current = await publicKeyOf(db, signing, organizationId);
      const keys = (await keysOf(db, organizationId)).map(toPublicKey);
      return { current, keys, vault: signing.vault.kind };
    },
  );

  app.post(
    '/api/ledger/keys/rotate',
    {
      schema: { tags, response: { 200: ledgerPublicKey, ...errors } },
      onRequest: authorize('manageOrganization'),
    },
    async (request) => {
      const actor = actorOf(request);
      const previous = await publicKeyOf(db, signing, actor.organizationId);
      const key = await rotateKey(db, signing, actor.organizationId);
      await recordAudit(db, {
        organizationId: actor.organizationId,
        actorId: actor.userId,
        action: 'ledger.key_rotated',
        details: { previousFingerprint: previous.fingerprint, fingerprint: key.fingerprint },
      });
      return key;
    },
  );

  app.get(
    '/api/ledger/head',
    { schema: { tags, response: { 200: signedTreeHead, ...errors } }, onRequest: authorize() },
    (request) => currentHead(db, signing, actorOf(request).organizationId),
  );

  app.get(
    '/api/ledger/heads',
    {
      schema: {
        tags,
        querystring: headHistoryQuery,
        response: { 200: headHistoryBody, ...errors },
      },
      onRequest: authorize(),
    },
    async (request) => {
      const { organizationId } = actorOf(request);
      // Whoever asks sees the log's current size among the heads.
      await currentHeadRow(db, signing, organizationId);
      return headHistory(db, organizationId, request.query);
    },
  );

  // The current head as a C2SP checkpoint (signed note) with the cosignatures received for it,
  // as plain text, so tools of that ecosystem read it as they read any log's checkpoint.
  app.get(
    '/api/ledger/checkpoint',
    {
      schema: { tags, response: { 200: z.string(), ...errors } },
      onRequest: authorize(),
    },
    async (request, reply) => {
      const head = await currentHeadRow(db, signing, actorOf(request).organizationId);
      reply.header('cache-control', 'no-store');
      reply.type('text/plain; charset=utf-8');
      return checkpointNoteOf(db, head);
    },
  );

  app.get(
    '/api/ledger/proof/inclusion/:recordId',
    {
      schema: {
        tags,
        params: inclusionProofParams,
        querystring: inclusionProofQuery,
        response: { 200: inclusionProof, ...errors },
      },
      onRequest: authorize('readAssignedRecords'),
    },
    (request) =>
      getInclusionProof(
        db,
        signing,
        actorOf(request),
        request.params.recordId,
        request.query.version,
      ),
  );

  app.get(
    '/api/ledger/proof/consistency',
    {
      schema: {
        tags,
        querystring: consistencyProofQuery,
        response: { 200: consistencyProof, ...errors },
      },
      onRequest: authorize('readAssignedRecords'),
    },
    (request) =>
      getConsistencyProof(db, signing, actorOf(request), request.query.from, request.query.to),
  );

  app.get(
    '/api/ledger/verify',
    {
      schema: { tags, response: { 200: ledgerVerification, ...errors } },
      onRequest: authorize('readAllRecords'),
    },
    (request) => verifyLedger(db, actorOf(request).organizationId),
  );

  app.get(
    '/api/ledger/witnesses',
    {
      schema: { tags, response: { 200: ledgerWitnessList, ...errors } },
      onRequest: authorize('readAllRecords'),
    },
    async (request) => {
      const organizationId = actorOf(request).organizationId;
      const head = await currentHead(db, signing, organizationId);
      const rows = await activeWitnesses(db, organizationId);
      return { witnesses: rows.map(toLedgerWitness), treeSize: head.treeSize };
    },
  );

  app.post(
    '/api/ledger/witnesses',
    {
      schema: {
        tags,
        body: addLedgerWitness,
        response: { 201: ledgerWitness, ...errorResponses(401, 403, 409, 422) },
      },
      onRequest: authorize('manageOrganization'),
    },
    async (request, reply) => {
      const actor = actorOf(request);
      const row = await addWitness(db, actor, request.body);
      await recordAudit(db, {
        organizationId: actor.organizationId,
        actorId: actor.userId,
        action: 'ledger.witness_added',
        details: { name: row.name, url: row.url, vkey: row.vkey },
      });
      await sendToWitnesses(actor.organizationId);
      return reply.status(201).send(toLedgerWitness(row));
    },
  );

  app.delete(
    '/api/ledger/witnesses/:witnessId',
    {
      schema: {
        tags,
        params: ledgerWitnessParams,
        response: { 204: z.null(), ...errors },
      },
      onRequest: authorize('manageOrganization'),
    },
    async (request, reply) => {
      const actor = actorOf(request);
      const row = await removeWitness(db, actor, request.params.witnessId);
      await recordAudit(db, {
        organizationId: actor.organizationId,
        actorId: actor.userId,
        action: 'ledger.witness_removed',
        details: { name: row.name, url: row.url },
      });
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/ledger/witnesses/cosign',
    {
      schema: {
        tags,
        response: { 202: z.object({ queued: z.literal(true) }), ...errors },
      },
      onRequest: authorize('manageOrganization'),
    },
    async (request, reply) => {
      await sendToWitnesses(actorOf(request).organizationId);
      return reply.status(202).send({ queued: true as const });
    },
  );
}
