import { createHash } from 'node:crypto';
import { and, asc, desc, eq, gte, inArray, sql } from 'drizzle-orm';
import type { HelpSection } from '@shared/api/support';
import type { DbOrTx } from '../../db/client';
import {
  helpPassages,
  supportContacts,
  supportMessages,
  supportSessions,
  supportTickets,
  systemSettings,
  users,
} from '../../db/schema';
import { SEARCH_CONFIG, type HelpArticleFile, type HelpLanguage } from './articles';

export type SessionRow = typeof supportSessions.$inferSelect;
export type MessageRow = typeof supportMessages.$inferSelect;
export type TicketRow = typeof supportTickets.$inferSelect;
export type NewMessage = Omit<typeof supportMessages.$inferInsert, 'id' | 'organizationId'>;

const HELP_VERSION_KEY = 'help_passages';

/**
 * Rewrites the help passages from the article files when they changed since the last start
 * (their SHA-256 is kept in `system_settings`), under a lock so that nodes starting together do
 * not interleave their writes.
 */
export async function replaceHelpPassages(db: DbOrTx, articles: HelpArticleFile[]) {
  const version = createHash('sha256').update(JSON.stringify(articles)).digest('hex');
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${HELP_VERSION_KEY}))`);
    const [stored] = await tx
      .select({ value: systemSettings.value })
      .from(systemSettings)
      .where(eq(systemSettings.key, HELP_VERSION_KEY));
    if ((stored?.value as { sha256?: string } | undefined)?.sha256 === version) return;
    await tx.delete(helpPassages);
    for (const a of articles) {
      const config = SEARCH_CONFIG[a.language];
      const keywords = a.keywords.join(' ');
      if (a.passages.length === 0) continue;
      await tx.insert(helpPassages).values(
        a.passages.map((p) => ({
          articleId: a.id,
          language: a.language,
          position: p.position,
          section: a.section,
          title: a.title,
          heading: p.heading,
          anchor: p.anchor,
          body: p.text,
          search: sql`setweight(to_tsvector(${config}::regconfig, ${a.title}), 'A')
            || setweight(to_tsvector(${config}::regconfig, ${keywords}), 'A')
            || setweight(to_tsvector(${config}::regconfig, ${p.heading}), 'B')
            || setweight(to_tsvector(${config}::regconfig, ${p.text}), 'D')`,
        })),
      );
    }
    const value = { sha256: version };
    await tx
      .insert(systemSettings)
      .values({ key: HELP_VERSION_KEY, value })
      .onConflictDoUpdate({ target: systemSettings.key, set: { value, updatedAt: new Date() } });
  });
}

export interface PassageHit {
  articleId: string;
  section: HelpSection;
  title: string;
  heading: string;
  anchor: string;
  body: string;
  snippet: string;
  rank: number;
}

/** Marks around the matched words of a snippet, never present in an article's text. */
export const MATCH_OPEN = '\u27e8';
export const MATCH_CLOSE = '\u27e9';

/**
 * The best passage of each of the `limit` articles matching any word of the question (stemmed by the language's configuration), ranked
 * by PostgreSQL's cover density with the title and keywords weighed highest, times the square
 * of the share of the question's words the passage holds (a passage that has every word beats
 * one that repeats a single word); passages of `boost` (the section the chat's intent names)
 * count half again.
 */
export async function searchPassages(
  db: DbOrTx,
  question: string,
  language: HelpLanguage,
  options: { boost?: HelpSection; limit?: number } = {},
): Promise<PassageHit[]> {
  const config = SEARCH_CONFIG[language];
  const result = (await db.execute(sql`
    with words as (
      select array(
        select quote_literal(l) from unnest(tsvector_to_array(to_tsvector(${config}::regconfig, ${question}))) l
      ) as terms
    ), query as (
      select terms, case when cardinality(terms) = 0 then null
        else array_to_string(terms, ' | ')::tsquery end as tsq
      from words
    )
    , ranked as (
      select p.article_id, p.section, p.title, p.heading, p.anchor, p.body, p.position,
        (ts_rank_cd(p.search, query.tsq, 1)
          * power((select count(*) from unnest(query.terms) t where p.search @@ t::tsquery)::float8
              / cardinality(query.terms), 2)
          * case when p.section = ${options.boost ?? ''} then 1.5 else 1 end)::float8 as rank
      from ${helpPassages} p, query
      where p.language = ${language} and query.tsq is not null and p.search @@ query.tsq
    ), best as (
      -- Each article's best passage, the best articles first.
      select * from (
        select distinct on (article_id) * from ranked order by article_id, rank desc, position
      ) b
      order by rank desc, article_id
      limit ${options.limit ?? 10}
    )
    -- Snippets only for the passages kept: ts_headline reads the whole text.
    select b.*, ts_headline(${config}::regconfig, b.body, query.tsq,
        ${`StartSel=${MATCH_OPEN}, StopSel=${MATCH_CLOSE}, MaxWords=35, MinWords=15, ShortWord=3, MaxFragments=1`}) as snippet
    from best b, query
    order by b.rank desc, b.article_id
`)) as unknown as {
    rows: {
      article_id: string;
      section: HelpSection;
      title: string;
      heading: string;
      anchor: string;
      body: string;
      snippet: string;
      rank: number;
    }[];
  };
  return result.rows.map((r) => ({
    articleId: r.article_id,
    section: r.section,
    title: r.title,
    heading: r.heading,
    anchor: r.anchor,
    body: r.body,
    snippet: r.snippet,
    rank: Number(r.rank),
  }));
}

/** Conversations, messages and tickets of one organization. */
export function supportOf(db: DbOrTx, organizationId: string) {
  const inOrg = eq(supportSessions.organizationId, organizationId);
  const ticketsInOrg = eq(supportTickets.organizationId, organizationId);

  return {
    async session(id: string) {
      const [row] = await db
        .select()
        .from(supportSessions)
        .where(and(inOrg, eq(supportSessions.id, id)));
      return row ?? null;
    },

    async createSession(userId: string, title: string) {
      const [row] = await db
        .insert(supportSessions)
        .values({ organizationId, userId, title })
        .returning();
      return row!;
    },

    async touchSession(id: string) {
      await db
        .update(supportSessions)
        .set({ updatedAt: new Date() })
        .where(and(inOrg, eq(supportSessions.id, id)));
    },

    async sessionsOf(userId: string, limit = 50) {
      return db
        .select({
          session: supportSessions,
          // Spelled out: inside the subquery an interpolated column would name the inner table.
          messages: sql<number>`(select count(*)::int from support_messages m where m.session_id = support_sessions.id)`,
        })
        .from(supportSessions)
        .where(and(inOrg, eq(supportSessions.userId, userId)))
        .orderBy(desc(supportSessions.updatedAt))
        .limit(limit);
    },

    async addMessage(message: NewMessage) {
      const [row] = await db
        .insert(supportMessages)
        .values({ ...message, organizationId })
        .returning();
      return row!;
    },

    async transcript(sessionId: string) {
      return db
        .select({
          message: supportMessages,
          firstName: users.firstName,
          lastName: users.lastName,
        })
        .from(supportMessages)
        .leftJoin(users, eq(users.id, supportMessages.authorId))
        .where(
          and(
            eq(supportMessages.organizationId, organizationId),
            eq(supportMessages.sessionId, sessionId),
          ),
        )
        .orderBy(asc(supportMessages.createdAt), asc(supportMessages.id));
    },

    async ticketsOfSessions(sessionIds: string[]) {
      if (sessionIds.length === 0) return [];
      return db
        .select()
        .from(supportTickets)
        .where(and(ticketsInOrg, inArray(supportTickets.sessionId, sessionIds)))
        .orderBy(desc(supportTickets.createdAt));
    },

    async ticket(id: string) {
      const [row] = await db
        .select()
        .from(supportTickets)
        .where(and(ticketsInOrg, eq(supportTickets.id, id)));
      return row ?? null;
    },

    /** The next ticket number; the caller holds the organization's row lock. */
    async createTicket(values: { sessionId: string; requesterId: string; subject: string }) {
      const [next] = await db
        .select({ n: sql<number>`coalesce(max(${supportTickets.number}), 0)::int + 1` })
        .from(supportTickets)
        .where(ticketsInOrg);
      const [row] = await db
        .insert(supportTickets)
        .values({ ...values, organizationId, number: next!.n })
        .returning();
      return row!;
    },

    async updateTicket(id: string, values: Partial<typeof supportTickets.$inferInsert>) {
      const [row] = await db
        .update(supportTickets)
        .set({ ...values, updatedAt: new Date() })
        .where(and(ticketsInOrg, eq(supportTickets.id, id)))
        .returning();
      return row ?? null;
    },

    /**
     * Tickets with their requester and assignee; only the requester's when `requesterId` is set,
     * only one when `id` is.
     */
    async tickets(filter: { requesterId?: string; id?: string } = {}) {
      const assignee = sql<string | null>`(
        select u.first_name || ' ' || u.last_name from ${users} u where u.id = ${supportTickets.assigneeId})`;
      return db
        .select({
          ticket: supportTickets,
          requesterName: sql<string>`${users.firstName} || ' ' || ${users.lastName}`,
          requesterEmail: users.email,
          assigneeName: assignee,
        })
        .from(supportTickets)
        .innerJoin(users, eq(users.id, supportTickets.requesterId))
        .where(
          and(
            ticketsInOrg,
            filter.requesterId ? eq(supportTickets.requesterId, filter.requesterId) : undefined,
            filter.id ? eq(supportTickets.id, filter.id) : undefined,
          ),
        )
        .orderBy(
          sql`case ${supportTickets.status} when 'open' then 0 when 'waiting' then 1 else 2 end`,
          desc(supportTickets.updatedAt),
        )
        .limit(500);
    },

    /** Tickets opened since `since`, for the response-time figures. */
    async ticketsSince(since: Date) {
      return db
        .select({
          status: supportTickets.status,
          createdAt: supportTickets.createdAt,
          firstResponseAt: supportTickets.firstResponseAt,
        })
        .from(supportTickets)
        .where(and(ticketsInOrg, gte(supportTickets.createdAt, since)));
    },

    async contacts() {
      const [row] = await db
        .select()
        .from(supportContacts)
        .where(eq(supportContacts.organizationId, organizationId));
      return row ?? null;
    },

    async saveContacts(
      values: { email: string | null; phone: string | null; hours: string | null },
      userId: string,
    ) {
      await db
        .insert(supportContacts)
        .values({ organizationId, ...values, updatedBy: userId })
        .onConflictDoUpdate({
          target: supportContacts.organizationId,
          set: { ...values, updatedBy: userId, updatedAt: new Date() },
        });
    },
  };
}
