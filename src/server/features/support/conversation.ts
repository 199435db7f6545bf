import type { ChatMessage } from '@shared/api/support';
import type { ChatModel } from '../../ai/chat-model';
import type { Database, DbOrTx } from '../../db/client';
import type { Actor } from '../../http/actor';
import { notFound } from '../../http/errors';
import type { MailSender } from '../mail/service';
import { type HelpCentre } from './help-centre';
import { supportOf, type MessageRow, type SessionRow, type TicketRow } from './repository';

export interface SupportDeps {
  db: Database;
  centre: HelpCentre;
  model: ChatModel | null;
  /** How long the model may take before the passages answer instead. */
  modelTimeoutMs: number;
  mail?: MailSender;
}

/** How much of a first question names its conversation. */
export const TITLE_MAX = 80;

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const conversationNotFound = () => notFound('Conversation');

export function shorten(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max);
  const sentence = cut.lastIndexOf('. ');
  return sentence > max * 0.5
    ? cut.slice(0, sentence + 1)
    : `${cut.slice(0, cut.lastIndexOf(' '))}…`;
}

export function toMessage(row: MessageRow, authorName: string | null): ChatMessage {
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

export function ticketRef(ticket: TicketRow | null | undefined) {
  return ticket ? { id: ticket.id, number: ticket.number, status: ticket.status } : null;
}

export async function ownSession(db: DbOrTx, actor: Actor, id: string): Promise<SessionRow> {
  if (!UUID.test(id)) throw conversationNotFound();
  const session = await supportOf(db, actor.organizationId).session(id);
  // Another user's conversation is not found, as another organization's would be.
  if (!session || session.userId !== actor.userId) throw conversationNotFound();
  return session;
}

export async function openTicketOf(db: DbOrTx, actor: Actor, sessionId: string) {
  const [ticket] = await supportOf(db, actor.organizationId).ticketsOfSessions([sessionId]);
  return ticket && ticket.status !== 'resolved' ? ticket : null;
}
