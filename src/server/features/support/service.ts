import type {
  ChatIntent,
  ChatOption,
  ChatResponse,
  ChatSession,
  ChatSource,
  HelpSection,
} from '@shared/api/support';
import { HELP_SECTIONS } from '@shared/api/support';
import { PLANS, findPlan } from '@shared/constants/plans';
import type { Database, DbOrTx } from '../../db/client';
import type { Actor } from '../../http/actor';
import { textFor, type Text } from '../../i18n/index';
import { articleUrl, helpLanguage, searchArticles, type HelpCentre } from './help-centre';
import type { HelpLanguage } from './articles';
import type { PassageHit } from './repository';
import { supportOf } from './repository';

export { createHelpCentre, type HelpCentre } from './help-centre';
export { type SupportDeps } from './conversation';
export {
  createTicket,
  getTicket,
  listTickets,
  replyToTicket,
  ticketFigures,
  updateTicket,
} from './tickets';
export { getContacts, saveContacts } from './contacts';
import {
  ownSession,
  openTicketOf,
  shorten,
  TITLE_MAX,
  toMessage,
  ticketRef,
  UUID,
  type SupportDeps,
} from './conversation';
import { addToTicket, openTicket } from './tickets';
import { contactLines } from './contacts';

const EXCERPT_MAX = 480;

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
