import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  articleHits,
  articleQuery,
  chatRequest,
  chatResponse,
  chatSession,
  chatSessionList,
  createTicketRequest,
  helpArticle,
  supportContacts,
  supportStatus,
  ticketDetail,
  ticketList,
  ticketReplyRequest,
  updateTicketRequest,
} from '@shared/api/support';
import { chatModelFromConfig } from '../../ai/chat-model';
import { actorOf, authorize } from '../../http/auth-plugin';
import { errorResponses } from '../../http/errors';
import type { RouteContext } from '../../http/types';
import { mailSender } from '../mail/service';
import {
  helpLanguage,
  listArticles,
  readArticle,
  searchArticles,
  toArticleHit,
} from './help-centre';
import { replaceHelpPassages } from './repository';
import {
  chat,
  createHelpCentre,
  createTicket,
  getContacts,
  getSession,
  getTicket,
  listSessions,
  listTickets,
  replyToTicket,
  saveContacts,
  updateTicket,
  type SupportDeps,
} from './service';
import { supportStatus as checkStatus } from './status';

const idParams = z.object({ id: z.string().max(100) });

/** Per user, a minute's worth of questions: enough for a person, not for a script. */
const CHAT_RATE_LIMIT = {
  rateLimit: {
    max: 30,
    timeWindow: '1 minute',
    hook: 'preHandler' as const,
    keyGenerator: (request: FastifyRequest) => request.actor?.userId ?? request.ip,
  },
};

export function supportRoutes(root: FastifyInstance, ctx: RouteContext) {
  const { db, config } = ctx;
  const app = root.withTypeProvider<ZodTypeProvider>();
  const tags = ['support'];
  const centre = createHelpCentre();
  const deps: SupportDeps = {
    db,
    centre,
    model: chatModelFromConfig(config),
    modelTimeoutMs: Math.min(config.AI_TIMEOUT_MS, 15_000),
    mail: mailSender({ ...ctx, delivery: ctx.jobDefinitions.mailDelivery }),
  };
  ctx.atStartup(() => replaceHelpPassages(db, centre.articles));
  const signedIn = authorize();
  const errors = errorResponses(401, 403, 404, 422);

  app.post(
    '/api/support/chat',
    {
      schema: {
        tags,
        body: chatRequest,
        response: { 200: chatResponse, ...errors, ...errorResponses(429) },
      },
      onRequest: signedIn,
      config: CHAT_RATE_LIMIT,
    },
    (request) => chat(deps, actorOf(request), request.body),
  );

  app.get(
    '/api/support/sessions',
    { schema: { tags, response: { 200: chatSessionList, ...errors } }, onRequest: signedIn },
    (request) => listSessions(db, actorOf(request)),
  );

  app.get(
    '/api/support/sessions/:id',
    {
      schema: { tags, params: idParams, response: { 200: chatSession, ...errors } },
      onRequest: signedIn,
    },
    (request) => getSession(db, actorOf(request), request.params.id),
  );

  app.get(
    '/api/support/articles',
    {
      schema: { tags, querystring: articleQuery, response: { 200: articleHits, ...errors } },
      onRequest: signedIn,
    },
    async (request) => {
      const actor = actorOf(request);
      const language = helpLanguage(request.query.language ?? actor.preferences.language);
      const q = request.query.q ?? '';
      const articles = q
        ? (await searchArticles(db, centre, q, language, { limit: 20 })).map((h) =>
            toArticleHit(centre, h),
          )
        : listArticles(centre, language);
      return { query: q, language, articles };
    },
  );

  app.get(
    '/api/support/articles/:id',
    {
      schema: {
        tags,
        params: idParams,
        querystring: articleQuery.pick({ language: true }),
        response: { 200: helpArticle, ...errors },
      },
      onRequest: signedIn,
    },
    (request) =>
      readArticle(
        centre,
        request.params.id,
        helpLanguage(request.query.language ?? actorOf(request).preferences.language),
      ),
  );

  app.get(
    '/api/support/tickets',
    { schema: { tags, response: { 200: ticketList, ...errors } }, onRequest: signedIn },
    (request) => listTickets(db, actorOf(request)),
  );

  app.post(
    '/api/support/tickets',
    {
      schema: {
        tags,
        body: createTicketRequest,
        response: { 200: ticketDetail, 201: ticketDetail, ...errors, ...errorResponses(429) },
      },
      onRequest: signedIn,
      config: CHAT_RATE_LIMIT,
    },
    async (request, reply) => {
      const { ticket, created } = await createTicket(deps, actorOf(request), request.body);
      return reply.status(created ? 201 : 200).send(ticket);
    },
  );

  app.get(
    '/api/support/tickets/:id',
    {
      schema: { tags, params: idParams, response: { 200: ticketDetail, ...errors } },
      onRequest: signedIn,
    },
    (request) => getTicket(db, actorOf(request), request.params.id),
  );

  app.patch(
    '/api/support/tickets/:id',
    {
      schema: {
        tags,
        params: idParams,
        body: updateTicketRequest,
        response: { 200: ticketDetail, ...errors },
      },
      onRequest: authorize('manageOrganization'),
    },
    (request) => updateTicket(db, actorOf(request), request.params.id, request.body),
  );

  app.post(
    '/api/support/tickets/:id/replies',
    {
      schema: {
        tags,
        params: idParams,
        body: ticketReplyRequest,
        response: { 200: ticketDetail, ...errors, ...errorResponses(429) },
      },
      onRequest: signedIn,
      config: CHAT_RATE_LIMIT,
    },
    (request) => replyToTicket(deps, actorOf(request), request.params.id, request.body.body),
  );

  app.get(
    '/api/support/contacts',
    { schema: { tags, response: { 200: supportContacts, ...errors } }, onRequest: signedIn },
    (request) => getContacts(db, actorOf(request)),
  );

  app.put(
    '/api/support/contacts',
    {
      schema: { tags, body: supportContacts, response: { 200: supportContacts, ...errors } },
      onRequest: authorize('manageOrganization'),
    },
    (request) => saveContacts(db, actorOf(request), request.body),
  );

  app.get(
    '/api/support/status',
    { schema: { tags, response: { 200: supportStatus, ...errors } }, onRequest: signedIn },
    () => checkStatus({ db, jobs: ctx.jobs, ocrWorkers: ctx.ocr.size, dataDir: config.dataDir }),
  );
}
