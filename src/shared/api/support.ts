import { z } from 'zod';

/** The help centre's sections; every article belongs to one, and the chat has an intent per section. */
export const HELP_SECTIONS = [
  'upload',
  'validation',
  'records',
  'proofs',
  'checklist',
  'audit',
  'generation',
  'reports',
  'regulatory',
  'fleet',
  'instructors',
  'users',
  'auditors',
  'security',
  'settings',
  'field',
  'plans',
  'data',
  'part142',
] as const;
export type HelpSection = (typeof HELP_SECTIONS)[number];

/** What the chat recognises: a help-centre section, small talk, a wish for a person, or nothing. */
export const CHAT_INTENTS = ['greeting', 'escalation', ...HELP_SECTIONS, 'fallback'] as const;
export type ChatIntent = (typeof CHAT_INTENTS)[number];

/** A message longer than this is refused (422): the chat is for questions, not documents. */
export const CHAT_MESSAGE_MAX = 2000;

export const chatOption = z.object({ text: z.string(), action: z.string() });
export type ChatOption = z.infer<typeof chatOption>;

export const chatSource = z.object({ articleId: z.string(), title: z.string(), url: z.string() });
export type ChatSource = z.infer<typeof chatSource>;

/** POST /api/support/chat: the spec's `{message, sessionId}`; a new conversation without one. */
export const chatRequest = z.object({
  message: z
    .string()
    .trim()
    .min(1, 'Type a question first')
    .max(CHAT_MESSAGE_MAX, `Keep a message under ${CHAT_MESSAGE_MAX} characters`),
  sessionId: z.string().max(100).nullish(),
  /** Set by an option the chat offered (`topic:<intent>`): its topic, instead of a guess. */
  topic: z.enum(CHAT_INTENTS).optional(),
});

export const chatResponse = z.object({
  content: z.string(),
  options: z.array(chatOption),
  intent: z.enum(CHAT_INTENTS).nullable(),
  sources: z.array(chatSource),
  sessionId: z.string(),
  /** The conversation's ticket, once it has one: later messages go to the people answering it. */
  ticket: z.object({ id: z.string(), number: z.number().int(), status: z.string() }).nullable(),
});
export type ChatResponse = z.infer<typeof chatResponse>;

export const chatMessage = z.object({
  id: z.string(),
  author: z.enum(['user', 'bot', 'agent']),
  authorName: z.string().nullable(),
  content: z.string(),
  intent: z.string().nullable(),
  options: z.array(chatOption),
  sources: z.array(chatSource),
  createdAt: z.string(),
});
export type ChatMessage = z.infer<typeof chatMessage>;

export const chatSessionSummary = z.object({
  id: z.string(),
  title: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  messages: z.number().int(),
  ticket: z.object({ id: z.string(), number: z.number().int(), status: z.string() }).nullable(),
});
export const chatSessionList = z.object({ sessions: z.array(chatSessionSummary) });

export const chatSession = chatSessionSummary.extend({ transcript: z.array(chatMessage) });
export type ChatSession = z.infer<typeof chatSession>;

/** GET /api/support/articles?q=&language= */
export const articleQuery = z.object({
  q: z.string().trim().max(200).optional(),
  language: z.enum(['en', 'es', 'fr']).optional(),
});

/** A search hit: the article and its best passage, with the matched words between ⟨ and ⟩. */
export const articleHit = z.object({
  id: z.string(),
  section: z.enum(HELP_SECTIONS),
  title: z.string(),
  summary: z.string(),
  url: z.string(),
  heading: z.string(),
  anchor: z.string(),
  snippet: z.string(),
  rank: z.number(),
});
export const articleHits = z.object({
  query: z.string(),
  language: z.string(),
  articles: z.array(articleHit),
});
export type ArticleHit = z.infer<typeof articleHit>;

/** Inline text of an article: plain words, bold, code, a link. */
export const helpInline = z.object({
  kind: z.enum(['text', 'strong', 'code', 'link']),
  text: z.string(),
  href: z.string().optional(),
});
export type HelpInline = z.infer<typeof helpInline>;

export const helpBlock = z.object({
  kind: z.enum(['heading', 'paragraph', 'list', 'ordered']),
  /** The heading's anchor (`#…`). */
  anchor: z.string().optional(),
  /** A paragraph or heading: one line of inline text; a list: one per item. */
  lines: z.array(z.array(helpInline)),
});
export type HelpBlock = z.infer<typeof helpBlock>;

export const helpArticle = z.object({
  id: z.string(),
  section: z.enum(HELP_SECTIONS),
  title: z.string(),
  summary: z.string(),
  screens: z.array(z.string()),
  language: z.string(),
  /** The language asked for, when the article is shown in English instead. */
  fallbackFrom: z.string().nullable(),
  blocks: z.array(helpBlock),
});
export type HelpArticle = z.infer<typeof helpArticle>;

export const TICKET_STATUSES = ['open', 'waiting', 'resolved'] as const;
export type TicketStatus = (typeof TICKET_STATUSES)[number];

export const ticketSummary = z.object({
  id: z.string(),
  number: z.number().int(),
  subject: z.string(),
  status: z.enum(TICKET_STATUSES),
  requesterName: z.string(),
  requesterEmail: z.string(),
  assigneeId: z.string().nullable(),
  assigneeName: z.string().nullable(),
  sessionId: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  firstResponseAt: z.string().nullable(),
  resolvedAt: z.string().nullable(),
});
export type TicketSummary = z.infer<typeof ticketSummary>;

/** What the organization's tickets show of its admins' answering, computed from the tickets. */
export const ticketFigures = z.object({
  /** Tickets opened in the last 90 days. */
  tickets: z.number().int(),
  open: z.number().int(),
  answered: z.number().int(),
  /** Median and 90th percentile minutes to an admin's first reply, over the answered ones. */
  medianFirstResponseMinutes: z.number().nullable(),
  p90FirstResponseMinutes: z.number().nullable(),
});
export type TicketFigures = z.infer<typeof ticketFigures>;

export const ticketList = z.object({ tickets: z.array(ticketSummary), figures: ticketFigures });

export const ticketDetail = ticketSummary.extend({ transcript: z.array(chatMessage) });
export type TicketDetail = z.infer<typeof ticketDetail>;

/** POST /api/support/tickets: a person asked for, from a conversation or with a first message. */
export const createTicketRequest = z
  .object({
    sessionId: z.string().max(100).optional(),
    subject: z.string().trim().max(200).optional(),
    message: z.string().trim().max(CHAT_MESSAGE_MAX).optional(),
  })
  .refine((b) => b.sessionId || b.message, {
    message: 'Say what you need help with',
    path: ['message'],
  });

export const updateTicketRequest = z
  .object({
    status: z.enum(TICKET_STATUSES).optional(),
    assigneeId: z.uuid().nullable().optional(),
  })
  .refine((b) => b.status !== undefined || b.assigneeId !== undefined, {
    message: 'Change the status or the assignee',
  });

export const ticketReplyRequest = z.object({
  body: z
    .string()
    .trim()
    .min(1, 'Write a reply first')
    .max(CHAT_MESSAGE_MAX, `Keep a reply under ${CHAT_MESSAGE_MAX} characters`),
});

/** The organization's own support contacts (admin settings); empty until an admin sets them. */
export const supportContacts = z.object({
  email: z.email('Enter an e-mail address').max(200).nullable(),
  phone: z
    .string()
    .trim()
    .regex(/^\+?[0-9 ()./-]{5,30}$/, 'Enter a phone number (digits, spaces, + ( ) - .)')
    .nullable(),
  hours: z.string().trim().max(120).nullable(),
});
export type SupportContacts = z.infer<typeof supportContacts>;

export const SUPPORT_CHECKS = ['database', 'jobs', 'ocr', 'disk'] as const;
export type SupportCheck = (typeof SUPPORT_CHECKS)[number];

/** GET /api/support/status: the health checks behind the Support Center's status line. */
export const supportStatus = z.object({
  operational: z.boolean(),
  checkedAt: z.string(),
  checks: z.array(
    z.object({
      id: z.enum(SUPPORT_CHECKS),
      ok: z.boolean(),
      /** What was measured, in English figures (`12.4 GB free`, `0 jobs waiting over 15 min`). */
      detail: z.string(),
    }),
  ),
});
export type SupportStatus = z.infer<typeof supportStatus>;
