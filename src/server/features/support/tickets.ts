import { ERROR_CODES } from '@shared/api/errors';
import type { TicketDetail, TicketFigures, TicketStatus, TicketSummary } from '@shared/api/support';
import type { Database, DbOrTx } from '../../db/client';
import type { Actor } from '../../http/actor';
import { AppError, forbidden, notFound } from '../../http/errors';
import { textFor } from '../../i18n/index';
import { notify, recordAudit } from '../activity/service';
import { organizationOf } from '../organizations/repository';
import { usersOf } from '../users/repository';
import { supportOf, type SessionRow, type TicketRow } from './repository';

import {
  ownSession,
  openTicketOf,
  shorten,
  TITLE_MAX,
  toMessage,
  UUID,
  type SupportDeps,
} from './conversation';

// ——— Tickets ———

const isAdmin = (actor: Actor) => actor.role === 'admin';

type SupportNotice = 'ticketOpened' | 'requesterReply' | 'ticketReply';

/** One support notification, worded in each recipient's language from the support catalogue. */
function notifySupport(
  tx: DbOrTx,
  deps: SupportDeps,
  actor: Actor,
  notice: SupportNotice,
  values: Record<string, string | number>,
  link: string,
  to: Parameters<typeof notify>[1]['to'],
) {
  return notify(
    tx,
    {
      organizationId: actor.organizationId,
      kind: 'escalation',
      text: (_t, language) => {
        const t = textFor(language, 'support');
        return {
          title: t(`notifications.${notice}.title`, values),
          body: t(`notifications.${notice}.body`, values),
        };
      },
      link,
      to,
    },
    deps.mail,
  );
}

/** Opens the conversation's ticket (or answers the one it has), telling the admins. */
export async function openTicket(deps: SupportDeps, actor: Actor, session: SessionRow) {
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
    await notifySupport(
      tx,
      deps,
      actor,
      'ticketOpened',
      { number: ticket.number, name, subject },
      `/support/tickets/${ticket.id}`,
      { roles: ['admin'] },
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
  const [row] = await supportOf(db, actor.organizationId).tickets(
    isAdmin(actor) ? { id } : { id, requesterId: actor.userId },
  );
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
export async function addToTicket(
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
    await notifySupport(
      tx,
      deps,
      actor,
      'requesterReply',
      { number: ticket.number, name, excerpt: excerpt(body) },
      `/support/tickets/${ticket.id}`,
      ticket.assigneeId ? { userIds: [ticket.assigneeId] } : { roles: ['admin'] },
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
    await notifySupport(
      tx,
      deps,
      actor,
      'ticketReply',
      { number: ticket.number, name, excerpt: excerpt(body) },
      `/support?conversation=${session.id}`,
      { userIds: [ticket.requesterId] },
    );
  });
  return getTicket(deps.db, actor, id);
}
