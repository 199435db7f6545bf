import { ERROR_CODES } from '@shared/api/errors';
import type {
  ChatIntent,
  ChatMessage,
  ChatOption,
  ChatResponse,
  ChatSession,
  ChatSource,
  HelpSection,
  SupportContacts,
  TicketDetail,
  TicketFigures,
  TicketStatus,
  TicketSummary,
} from '@shared/api/support';
import { HELP_SECTIONS } from '@shared/api/support';
import { PLANS, findPlan } from '@shared/constants/plans';
import type { ChatModel } from '../../ai/chat-model';
import type { Database, DbOrTx } from '../../db/client';
import type { Actor } from '../../http/actor';
import { AppError, forbidden, notFound } from '../../http/errors';
import { textFor, type Text } from '../../i18n/index';
import { notify, recordAudit } from '../activity/service';
import type { MailSender } from '../mail/service';
import { organizationOf } from '../organizations/repository';
import { usersOf } from '../users/repository';
import { articleUrl, helpLanguage, searchArticles, type HelpCentre } from './help-centre';
import type { HelpLanguage } from './articles';
import type { PassageHit } from './repository';
import { supportOf, type MessageRow, type SessionRow, type TicketRow } from './repository';

export { createHelpCentre, type HelpCentre } from './help-centre';

export interface SupportDeps {
  db: Database;
  centre: HelpCentre;
  model: ChatModel | null;
  /** How long the model may take before the passages answer instead. */
  modelTimeoutMs: number;
  mail?: MailSender;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const TITLE_MAX = 80;
const EXCERPT_MAX = 480;

const conversationNotFound = () => notFound('Conversation');

function shorten(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max);
  const sentence = cut.lastIndexOf('. ');
  return sentence > max * 0.5
    ? cut.slice(0, sentence + 1)
    : `${cut.slice(0, cut.lastIndexOf(' '))}…`;
}

const starterOptions = (t: Text): ChatOption[] => [
  { text: t('options.upload'), action: 'topic:upload' },
  { text: t('options.proofs'), action: 'topic:proofs' },
  { text: t('options.reports'), action: 'topic:reports' },
  { text: t('options.users'), action: 'topic:users' },
  { text: t('options.escalate'), action: 'topic:escalation' },
];

/** The four options of the spec's fallback. */
const fallbackOptions = (t: Text): ChatOption[] => [
  { text: t('options.upload'), action: 'topic:upload' },
  { text: t('options.users'), action: 'topic:users' },
  { text: t('options.reports'), action: 'topic:reports' },
  { text: t('options.escalate'), action: 'topic:escalation' },
];

const TOPIC_QUESTIONS: Partial<Record<HelpSection, string>> = {
  upload: 'How do I upload documents?',
  proofs: 'How do I prove a training record was not changed?',
  reports: 'Which report do I need and how do I export it?',
  users: 'How do I invite users and what can each role do?',
};

function toMessage(row: MessageRow, authorName: string | null): ChatMessage {
  return {
    id: row.id,
    author: row.author as ChatMessage['author'],
    authorName,
    content: row.content,
    intent: row.intent,
    options: row.options,
    sources: row.sources,
    createdAt: row.createdAt.toISOString(),
  };
}

function ticketRef(ticket: TicketRow | null | undefined) {
  return ticket ? { id: ticket.id, number: ticket.number, status: ticket.status } : null;
}

interface Answer {
  content: string;
  options: ChatOption[];
  intent: ChatIntent;
  sources: ChatSource[];
}

/** The answer from the help centre's passages: the best one quoted, the others linked. */
function passagesAnswer(t: Text, intent: ChatIntent, hits: PassageHit[]): Answer {
  const [best, ...others] = hits;
  const sources = hits.slice(0, 3).map((h) => ({
    articleId: h.articleId,
    title: h.title,
    url: articleUrl(h.articleId, h.anchor),
  }));
  const lines = [
    best!.heading === best!.title
      ? t('answerIntroTitle', { title: best!.title })
      : t('answerIntro', { title: best!.title, heading: best!.heading }),
    shorten(best!.body, EXCERPT_MAX),
  ];
  if (others.length) {
    lines.push(
      `${t('seeAlso')} ${others
        .slice(0, 2)
        .map((o) => `“${o.title}”`)
        .join(', ')}`,
    );
  }
  return {
    content: lines.join('\n\n'),
    intent,
    sources,
    options: [
      { text: t('options.openArticle', { title: best!.title }), action: `open:${sources[0]!.url}` },
      { text: t('options.escalate'), action: 'topic:escalation' },
      { text: t('options.somethingElse'), action: 'reset' },
    ],
  };
}

/**
 * The model may say it in its own words, from the passages only: an answer that cites none of
 * them by number, or cites one it was not given, is refused and the passages answer instead.
 */
async function modelAnswer(
  deps: SupportDeps,
  question: string,
  hits: PassageHit[],
  language: string,
): Promise<string | null> {
  if (!deps.model || hits.length === 0) return null;
  const passages = hits
    .slice(0, 3)
    .map((h, i) => `[${i + 1}] ${h.title}: ${h.heading}\n${shorten(h.body, 900)}`)
    .join('\n\n');
  try {
    const text = await deps.model.complete({
      system:
        'You answer questions about the Centerline application using only the numbered help-centre ' +
        'passages you are given. Cite the passage numbers you used in square brackets, like [1]. ' +
        'If the passages do not answer the question, say so. Never state prices, limits or ' +
        `regulation text that is not in the passages. Answer in the language whose code is "${language}", in at most 120 words.`,
      user: `Passages:\n${passages}\n\nQuestion: ${question}`,
      maxTokens: 400,
      signal: AbortSignal.timeout(deps.modelTimeoutMs),
    });
    const cited = [...text.matchAll(/\[(\d+)\]/g)].map((m) => Number(m[1]));
    const given = Math.min(3, hits.length);
    if (cited.length === 0 || cited.some((n) => n < 1 || n > given)) return null;
    return text.trim();
  } catch {
    return null;
  }
}

function plansAnswer(t: Text, actor: Actor, centre: HelpCentre, language: HelpLanguage): Answer {
  const lines = PLANS.map((p) =>
    t('planLine', {
      name: p.name,
      price: p.price,
      period: p.period,
      users: p.userLimit === null ? t('unlimitedUsers') : t('usersLimit', { count: p.userLimit }),
      documents:
        p.documentLimit === null
          ? t('unlimitedDocuments')
          : t('documentsLimit', { count: p.documentLimit }),
    }),
  );
  const current = findPlan(actor.organizationPlan);
  const article = centre.article('plans', language) ?? centre.article('plans', 'en');
  return {
    content: [
      t('plans'),
      lines.join('\n'),
      ...(current ? [t('plansCurrent', { plan: current.name })] : []),
    ].join('\n\n'),
    intent: 'plans',
    sources: [
      ...(article
        ? [{ articleId: article.id, title: article.title, url: articleUrl(article.id) }]
        : []),
    ],
    options: [
      { text: t('options.escalate'), action: 'topic:escalation' },
      { text: t('options.somethingElse'), action: 'reset' },
    ],
  };
}

async function answerFor(
  deps: SupportDeps,
  actor: Actor,
  question: string,
  intent: ChatIntent,
): Promise<Answer> {
  const language = helpLanguage(actor.preferences.language);
  const t = textFor(language, 'support');
  if (intent === 'greeting') {
    return {
      content: t('greeting', { name: actor.firstName }),
      options: starterOptions(t),
      intent,
      sources: [],
    };
  }
  if (intent === 'plans') return plansAnswer(t, actor, deps.centre, language);
  const section = (HELP_SECTIONS as readonly string[]).includes(intent)
    ? (intent as HelpSection)
    : undefined;
  const asked =
    section && TOPIC_QUESTIONS[section] && question.length < 40
      ? `${question} ${TOPIC_QUESTIONS[section]}`
      : question;
  const found = await searchArticles(deps.db, deps.centre, asked, language, {
    boost: section,
    limit: 6,
  });
  // The intent named the topic: its section's passages answer first, the others follow as
  // "see also".
  const hits = [
    ...found.filter((h) => h.section === section),
    ...found.filter((h) => h.section !== section),
  ].slice(0, 3);
  if (intent === 'fallback') {
    const related = hits.slice(0, 2);
    return {
      content: related.length
        ? `${t('fallback')}\n\n${t('fallbackRelated')} ${related.map((h) => `“${h.title}”`).join(', ')}`
        : t('fallback'),
      options: fallbackOptions(t),
      intent,
      sources: related.map((h) => ({
        articleId: h.articleId,
        title: h.title,
        url: articleUrl(h.articleId, h.anchor),
      })),
    };
  }
  if (hits.length === 0) {
    return {
      content: t('noArticle'),
      options: [
        { text: t('options.helpCentre'), action: 'open:/support' },
        { text: t('options.escalate'), action: 'topic:escalation' },
      ],
      intent,
      sources: [],
    };
  }
  const answer = passagesAnswer(t, intent, hits);
  const phrased = await modelAnswer(deps, question, hits, language);
  return phrased ? { ...answer, content: phrased } : answer;
}

async function ownSession(db: DbOrTx, actor: Actor, id: string): Promise<SessionRow> {
  if (!UUID.test(id)) throw conversationNotFound();
  const session = await supportOf(db, actor.organizationId).session(id);
  // Another user's conversation is not found, as another organization's would be.
  if (!session || session.userId !== actor.userId) throw conversationNotFound();
  return session;
}

async function openTicketOf(db: DbOrTx, actor: Actor, sessionId: string) {
  const [ticket] = await supportOf(db, actor.organizationId).ticketsOfSessions([sessionId]);
  return ticket && ticket.status !== 'resolved' ? ticket : null;
}

/**
 * POST /api/support/chat. The question is saved before anything else is done with it; in a
 * conversation that has become a ticket it goes to the people answering; otherwise the chat
 * recognises the intent (or takes the option's topic) and answers from the help centre.
 */
export async function chat(
  deps: SupportDeps,
  actor: Actor,
  input: { message: string; sessionId?: string | null; topic?: ChatIntent },
): Promise<ChatResponse> {
  const { db } = deps;
  const support = supportOf(db, actor.organizationId);
  // The spec's client names a fresh id per request: an id that is not ours starts a conversation.
  const session =
    input.sessionId && UUID.test(input.sessionId)
      ? await ownSession(db, actor, input.sessionId)
      : await support.createSession(actor.userId, shorten(input.message, TITLE_MAX));
  const language = helpLanguage(actor.preferences.language);
  const t = textFor(language, 'support');

  const open = await openTicketOf(db, actor, session.id);
  if (open && input.topic !== 'escalation') {
    await addToTicket(deps, actor, open, session, input.message);
    return {
      content: t('sentToTicket', { number: open.number }),
      options: [],
      intent: null,
      sources: [],
      sessionId: session.id,
      ticket: ticketRef(open),
    };
  }

  const guess = input.topic
    ? { intent: input.topic }
    : deps.centre.classifier.classify(input.message);
  await support.addMessage({
    sessionId: session.id,
    author: 'user',
    authorId: actor.userId,
    content: input.message,
    intent: guess.intent,
  });

  if (guess.intent === 'escalation') {
    const { ticket, created } = await openTicket(deps, actor, session);
    const contacts = await support.contacts();
    const reach = contactLines(t, contacts);
    const content = [
      created
        ? t('ticketOpened', { number: ticket.number })
        : t('ticketOpenAlready', { number: ticket.number }),
      ...(reach.length ? [t('contactsLine'), reach.join('\n')] : []),
    ].join('\n\n');
    await support.addMessage({
      sessionId: session.id,
      author: 'bot',
      content,
      intent: 'escalation',
    });
    await support.touchSession(session.id);
    return {
      content,
      options: [],
      intent: 'escalation',
      sources: [],
      sessionId: session.id,
      ticket: ticketRef(ticket),
    };
  }

  const answer = await answerFor(deps, actor, input.message, guess.intent);
  await support.addMessage({
    sessionId: session.id,
    author: 'bot',
    content: answer.content,
    intent: answer.intent,
    options: answer.options,
    sources: answer.sources,
  });
  await support.touchSession(session.id);
  return { ...answer, sessionId: session.id, ticket: null };
}

function contactLines(
  t: Text,
  contacts: Awaited<ReturnType<ReturnType<typeof supportOf>['contacts']>>,
) {
  if (!contacts) return [];
  return [
    ...(contacts.email ? [t('contactEmail', { email: contacts.email })] : []),
    ...(contacts.phone ? [t('contactPhone', { phone: contacts.phone })] : []),
    ...(contacts.hours ? [t('contactHours', { hours: contacts.hours })] : []),
  ];
}

export async function listSessions(db: Database, actor: Actor) {
  const support = supportOf(db, actor.organizationId);
  const rows = await support.sessionsOf(actor.userId);
  const tickets = await support.ticketsOfSessions(rows.map((r) => r.session.id));
  return {
    sessions: rows.map((r) => ({
      id: r.session.id,
      title: r.session.title,
      createdAt: r.session.createdAt.toISOString(),
      updatedAt: r.session.updatedAt.toISOString(),
      messages: r.messages,
      ticket: ticketRef(tickets.find((tk) => tk.sessionId === r.session.id)),
    })),
  };
}

async function transcriptOf(db: DbOrTx, actor: Actor, sessionId: string) {
  const rows = await supportOf(db, actor.organizationId).transcript(sessionId);
  return rows.map((r) =>
    toMessage(r.message, r.message.author === 'agent' ? `${r.firstName} ${r.lastName}` : null),
  );
}

export async function getSession(db: Database, actor: Actor, id: string): Promise<ChatSession> {
  const session = await ownSession(db, actor, id);
  const support = supportOf(db, actor.organizationId);
  const [ticket] = await support.ticketsOfSessions([session.id]);
  const transcript = await transcriptOf(db, actor, session.id);
  return {
    id: session.id,
    title: session.title,
    createdAt: session.createdAt.toISOString(),
    updatedAt: session.updatedAt.toISOString(),
    messages: transcript.length,
    ticket: ticketRef(ticket),
    transcript,
  };
}

// ——— Tickets ———

const isAdmin = (actor: Actor) => actor.role === 'admin';

/** Opens the conversation's ticket (or answers the one it has), telling the admins. */
async function openTicket(deps: SupportDeps, actor: Actor, session: SessionRow) {
  return deps.db.transaction(async (tx) => {
    await organizationOf(tx, actor.organizationId).lock();
    const existing = await openTicketOf(tx, actor, session.id);
    if (existing) return { ticket: existing, created: false };
    const support = supportOf(tx, actor.organizationId);
    const firstQuestion = (await support.transcript(session.id)).find(
      (r) => r.message.author === 'user' && r.message.intent !== 'escalation',
    );
    const subject = shorten(firstQuestion?.message.content ?? session.title, 120);
    const ticket = await support.createTicket({
      sessionId: session.id,
      requesterId: actor.userId,
      subject,
    });
    const name = `${actor.firstName} ${actor.lastName}`;
    await notify(
      tx,
      {
        organizationId: actor.organizationId,
        kind: 'escalation',
        text: (_t, language) => {
          const t = textFor(language, 'support');
          return {
            title: t('notifications.ticketOpened.title', { number: ticket.number, name }),
            body: t('notifications.ticketOpened.body', { subject }),
          };
        },
        link: `/support/tickets/${ticket.id}`,
        to: { roles: ['admin'] },
      },
      deps.mail,
    );
    await recordAudit(tx, {
      organizationId: actor.organizationId,
      actorId: actor.userId,
      action: 'open_support_ticket',
      details: { ticketId: ticket.id, number: ticket.number, subject },
    });
    return { ticket, created: true };
  });
}

/** POST /api/support/tickets: from a conversation of the caller's, or with a first message. */
export async function createTicket(
  deps: SupportDeps,
  actor: Actor,
  input: { sessionId?: string; subject?: string; message?: string },
): Promise<{ ticket: TicketDetail; created: boolean }> {
  const support = supportOf(deps.db, actor.organizationId);
  let session: SessionRow;
  if (input.sessionId) {
    session = await ownSession(deps.db, actor, input.sessionId);
    if (input.message) {
      await support.addMessage({
        sessionId: session.id,
        author: 'user',
        authorId: actor.userId,
        content: input.message,
        intent: 'escalation',
      });
    }
  } else {
    session = await support.createSession(
      actor.userId,
      shorten(input.subject ?? input.message!, TITLE_MAX),
    );
    await support.addMessage({
      sessionId: session.id,
      author: 'user',
      authorId: actor.userId,
      content: input.message!,
      intent: 'escalation',
    });
  }
  const { ticket, created } = await openTicket(deps, actor, session);
  if (input.subject && created) await support.updateTicket(ticket.id, { subject: input.subject });
  return { ticket: await getTicket(deps.db, actor, ticket.id), created };
}

function toTicketSummary(
  row: Awaited<ReturnType<ReturnType<typeof supportOf>['tickets']>>[number],
): TicketSummary {
  const tk = row.ticket;
  return {
    id: tk.id,
    number: tk.number,
    subject: tk.subject,
    status: tk.status as TicketStatus,
    requesterName: row.requesterName,
    requesterEmail: row.requesterEmail,
    assigneeId: tk.assigneeId,
    assigneeName: row.assigneeName,
    sessionId: tk.sessionId,
    createdAt: tk.createdAt.toISOString(),
    updatedAt: tk.updatedAt.toISOString(),
    firstResponseAt: tk.firstResponseAt?.toISOString() ?? null,
    resolvedAt: tk.resolvedAt?.toISOString() ?? null,
  };
}

const FIGURE_DAYS = 90;

function percentile(sorted: number[], p: number): number | null {
  if (sorted.length === 0) return null;
  const i = Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1);
  return Math.round(sorted[Math.max(0, i)]! * 10) / 10;
}

/** Minutes from a ticket's opening to an admin's first reply, over the last 90 days. */
export async function ticketFigures(
  db: DbOrTx,
  actor: Actor,
  now = new Date(),
): Promise<TicketFigures> {
  const rows = await supportOf(db, actor.organizationId).ticketsSince(
    new Date(now.getTime() - FIGURE_DAYS * 86_400_000),
  );
  const minutes = rows
    .filter((r) => r.firstResponseAt)
    .map((r) => (r.firstResponseAt!.getTime() - r.createdAt.getTime()) / 60_000)
    .sort((a, b) => a - b);
  return {
    tickets: rows.length,
    open: rows.filter((r) => r.status !== 'resolved').length,
    answered: minutes.length,
    medianFirstResponseMinutes: percentile(minutes, 0.5),
    p90FirstResponseMinutes: percentile(minutes, 0.9),
  };
}

/** Admins see the organization's tickets; everyone else their own. */
export async function listTickets(db: Database, actor: Actor) {
  const rows = await supportOf(db, actor.organizationId).tickets(
    isAdmin(actor) ? {} : { requesterId: actor.userId },
  );
  return { tickets: rows.map(toTicketSummary), figures: await ticketFigures(db, actor) };
}

async function visibleTicket(db: DbOrTx, actor: Actor, id: string) {
  if (!UUID.test(id)) throw notFound('Request');
  const rows = await supportOf(db, actor.organizationId).tickets(
    isAdmin(actor) ? {} : { requesterId: actor.userId },
  );
  const row = rows.find((r) => r.ticket.id === id);
  if (!row) throw notFound('Request');
  return row;
}

export async function getTicket(db: DbOrTx, actor: Actor, id: string): Promise<TicketDetail> {
  const row = await visibleTicket(db, actor, id);
  const rows = await supportOf(db, actor.organizationId).transcript(row.ticket.sessionId);
  return {
    ...toTicketSummary(row),
    transcript: rows.map((r) =>
      toMessage(
        r.message,
        r.message.author === 'bot'
          ? null
          : `${r.firstName ?? ''} ${r.lastName ?? ''}`.trim() || null,
      ),
    ),
  };
}

/** PATCH /api/support/tickets/:id (admins): the status and who answers it. */
export async function updateTicket(
  db: Database,
  actor: Actor,
  id: string,
  input: { status?: TicketStatus; assigneeId?: string | null },
): Promise<TicketDetail> {
  if (!isAdmin(actor)) throw forbidden();
  await db.transaction(async (tx) => {
    const row = await visibleTicket(tx, actor, id);
    if (input.assigneeId) {
      const assignee = await usersOf(tx, actor.organizationId).find(input.assigneeId);
      if (!assignee || assignee.role !== 'admin' || assignee.deactivatedAt) {
        throw new AppError(422, ERROR_CODES.validation, 'Assign the request to an active admin', [
          { path: 'assigneeId', message: 'Choose an active admin of your organization' },
        ]);
      }
    }
    const status = input.status ?? (row.ticket.status as TicketStatus);
    await supportOf(tx, actor.organizationId).updateTicket(id, {
      status,
      ...(input.assigneeId !== undefined ? { assigneeId: input.assigneeId } : {}),
      resolvedAt: status === 'resolved' ? (row.ticket.resolvedAt ?? new Date()) : null,
    });
    await recordAudit(tx, {
      organizationId: actor.organizationId,
      actorId: actor.userId,
      action: 'update_support_ticket',
      details: {
        ticketId: id,
        number: row.ticket.number,
        before: { status: row.ticket.status, assigneeId: row.ticket.assigneeId },
        after: { status, assigneeId: input.assigneeId ?? row.ticket.assigneeId },
      },
    });
  });
  return getTicket(db, actor, id);
}

const excerpt = (text: string) => shorten(text, 140);

/** A requester's message on their open ticket: back to the admins' side of the list. */
async function addToTicket(
  deps: SupportDeps,
  actor: Actor,
  ticket: TicketRow,
  session: SessionRow,
  body: string,
) {
  await deps.db.transaction(async (tx) => {
    const support = supportOf(tx, actor.organizationId);
    await support.addMessage({
      sessionId: session.id,
      author: 'user',
      authorId: actor.userId,
      content: body,
    });
    await support.updateTicket(ticket.id, { status: 'open', resolvedAt: null });
    await support.touchSession(session.id);
    const name = `${actor.firstName} ${actor.lastName}`;
    await notify(
      tx,
      {
        organizationId: actor.organizationId,
        kind: 'escalation',
        text: (_t, language) => {
          const t = textFor(language, 'support');
          return {
            title: t('notifications.requesterReply.title', { number: ticket.number, name }),
            body: t('notifications.requesterReply.body', { excerpt: excerpt(body) }),
          };
        },
        link: `/support/tickets/${ticket.id}`,
        to: ticket.assigneeId ? { userIds: [ticket.assigneeId] } : { roles: ['admin'] },
      },
      deps.mail,
    );
  });
}

/**
 * POST /api/support/tickets/:id/replies. An admin's reply is a message of the conversation
 * (the requester sees it in the chat and as a notification) and leaves the ticket waiting for
 * the requester; the requester's own reply puts it back to open.
 */
export async function replyToTicket(
  deps: SupportDeps,
  actor: Actor,
  id: string,
  body: string,
): Promise<TicketDetail> {
  const row = await visibleTicket(deps.db, actor, id);
  const ticket = row.ticket;
  const support = supportOf(deps.db, actor.organizationId);
  const session = (await support.session(ticket.sessionId))!;
  if (ticket.requesterId === actor.userId) {
    await addToTicket(deps, actor, ticket, session, body);
    return getTicket(deps.db, actor, id);
  }
  await deps.db.transaction(async (tx) => {
    const inTx = supportOf(tx, actor.organizationId);
    await inTx.addMessage({
      sessionId: session.id,
      author: 'agent',
      authorId: actor.userId,
      content: body,
    });
    await inTx.updateTicket(id, {
      status: 'waiting',
      assigneeId: ticket.assigneeId ?? actor.userId,
      firstResponseAt: ticket.firstResponseAt ?? new Date(),
      resolvedAt: null,
    });
    await inTx.touchSession(session.id);
    const name = `${actor.firstName} ${actor.lastName}`;
    await notify(
      tx,
      {
        organizationId: actor.organizationId,
        kind: 'escalation',
        text: (_t, language) => {
          const t = textFor(language, 'support');
          return {
            title: t('notifications.ticketReply.title', { number: ticket.number }),
            body: t('notifications.ticketReply.body', { name, excerpt: excerpt(body) }),
          };
        },
        link: `/support?conversation=${session.id}`,
        to: { userIds: [ticket.requesterId] },
      },
      deps.mail,
    );
  });
  return getTicket(deps.db, actor, id);
}

// ——— Contacts ———

export async function getContacts(db: Database, actor: Actor): Promise<SupportContacts> {
  const row = await supportOf(db, actor.organizationId).contacts();
  return { email: row?.email ?? null, phone: row?.phone ?? null, hours: row?.hours ?? null };
}

export async function saveContacts(
  db: Database,
  actor: Actor,
  input: SupportContacts,
): Promise<SupportContacts> {
  const clean = {
    email: input.email?.trim() || null,
    phone: input.phone?.trim() || null,
    hours: input.hours?.trim() || null,
  };
  await db.transaction(async (tx) => {
    const support = supportOf(tx, actor.organizationId);
    const before = await support.contacts();
    await support.saveContacts(clean, actor.userId);
    await recordAudit(tx, {
      organizationId: actor.organizationId,
      actorId: actor.userId,
      action: 'update_support_contacts',
      details: {
        before: {
          email: before?.email ?? null,
          phone: before?.phone ?? null,
          hours: before?.hours ?? null,
        },
        after: clean,
      },
    });
  });
  return getContacts(db, actor);
}
