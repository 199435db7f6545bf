import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  consistencyProof,
  consistencyProofQuery,
  inclusionProof,
  inclusionProofParams,
  inclusionProofQuery,
  ledgerPublicKey,
  ledgerVerification,
  signedTreeHead,
} from '@shared/api/ledger';
import { actorOf, authorize } from '../../http/auth-plugin';
import { errorResponses } from '../../http/errors';
import type { RouteContext } from '../../http/types';
import { currentHead, publicKeyOf } from './heads';
import { getConsistencyProof, getInclusionProof } from './service';
import { verifyLedger } from './verify';

export function ledgerRoutes(root: FastifyInstance, { db }: RouteContext) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const tags = ['ledger'];
  const errors = errorResponses(401, 403, 404, 422);

  app.get(
    '/api/ledger/public-key',
    { schema: { tags, response: { 200: ledgerPublicKey, ...errors } }, onRequest: authorize() },
    (request) => publicKeyOf(db, actorOf(request).organizationId),
  );

  app.get(
    '/api/ledger/head',
    { schema: { tags, response: { 200: signedTreeHead, ...errors } }, onRequest: authorize() },
    (request) => currentHead(db, actorOf(request).organizationId),
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
      getInclusionProof(db, actorOf(request), request.params.recordId, request.query.version),
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
    (request) => getConsistencyProof(db, actorOf(request), request.query.from, request.query.to),
  );

  app.get(
    '/api/ledger/verify',
    {
      schema: { tags, response: { 200: ledgerVerification, ...errors } },
      onRequest: authorize('readAllRecords'),
    },
    (request) => verifyLedger(db, actorOf(request).organizationId),
  );
}
