import { and, desc, eq, isNull } from 'drizzle-orm';
import type { RegulationEntry, WatchedSource, WatchedSourceInput } from '@shared/api/regulatory';
import type { Database, DbOrTx } from '../../db/client';
import { linkAlerts, monitoredLinks, regulationSources } from '../../db/schema';
import type { Actor } from '../../http/actor';
import { notFound } from '../../http/errors';
import { recordAudit } from '../activity/service';
import { addLink } from '../links/service';

/*
 * Regulations beyond Part 142 that an organization watches: a named source (country, title, URL)
 * whose page the Link Monitor fetches on its schedule. Centerline has no versioned text of them
 * to compare with the checklist, so their level is never "compliant": a changed page is a pending
 * review, an unreachable one is unknown with the reason, an unchanged one is unknown and says
 * since when it has not changed.
 */

type SourceRow = typeof regulationSources.$inferSelect;
type LinkRow = typeof monitoredLinks.$inferSelect;
type OpenAlert = typeof linkAlerts.$inferSelect;

interface Watched {
  source: SourceRow;
  link: LinkRow | null;
  openAlerts: OpenAlert[];
}

async function watchedOf(db: DbOrTx, organizationId: string): Promise<Watched[]> {
  const rows = await db
    .select({ source: regulationSources, link: monitoredLinks })
    .from(regulationSources)
    .leftJoin(monitoredLinks, eq(monitoredLinks.id, regulationSources.linkId))
    .where(eq(regulationSources.organizationId, organizationId))
    .orderBy(regulationSources.createdAt);
  const alerts = await db
    .select()
    .from(linkAlerts)
    .where(and(eq(linkAlerts.organizationId, organizationId), isNull(linkAlerts.resolvedAt)))
    .orderBy(desc(linkAlerts.detectedAt));
  return rows.map(({ source, link }) => ({
    source,
    link,
    openAlerts: link ? alerts.filter((a) => a.linkId === link.id) : [],
  }));
}

function presentSource({ source, link }: Watched): WatchedSource {
  return {
    id: source.id,
    country: source.country,
    title: source.title,
    url: source.url,
    linkId: link?.id ?? null,
    linkStatus: link?.status ?? null,
    lastChecked: link?.lastCheckedAt?.toISOString() ?? null,
    createdAt: source.createdAt.toISOString(),
  };
}

export async function listSources(db: Database, actor: Actor): Promise<WatchedSource[]> {
  return (await watchedOf(db, actor.organizationId)).map(presentSource);
}

/**
 * Watches a regulation: its page joins the Link Monitor (or the link already there for that URL
 * is used), and the source names it.
 */
export async function addSource(
  db: Database,
  actor: Actor,
  input: WatchedSourceInput,
): Promise<WatchedSource> {
  const [existing] = await db
    .select()
    .from(monitoredLinks)
    .where(
      and(
        eq(monitoredLinks.organizationId, actor.organizationId),
        eq(monitoredLinks.url, input.url),
      ),
    );
  const linkId =
    existing?.id ??
    (
      await addLink(db, actor, {
        name: `${input.title} (${input.country})`,
        url: input.url,
        expectedKeyword: null,
        ignorePattern: null,
        intervalMinutes: 1440,
      })
    ).id;
  const [source] = await db
    .insert(regulationSources)
    .values({
      organizationId: actor.organizationId,
      country: input.country,
      title: input.title,
      url: input.url,
      linkId,
      createdBy: actor.userId,
    })
    .returning();
  await recordAudit(db, {
    organizationId: actor.organizationId,
    actorId: actor.userId,
    action: 'regulation.watched',
    details: { sourceId: source!.id, country: input.country, title: input.title, url: input.url },
  });
  const watched = (await watchedOf(db, actor.organizationId)).find(
    (w) => w.source.id === source!.id,
  );
  return presentSource(watched!);
}

/** Stops watching; the page stays in the Link Monitor until someone removes it there. */
export async function removeSource(db: Database, actor: Actor, id: string): Promise<void> {
  const [removed] = await db
    .delete(regulationSources)
    .where(
      and(eq(regulationSources.id, id), eq(regulationSources.organizationId, actor.organizationId)),
    )
    .returning();
  if (!removed) throw notFound('Watched regulation');
  await recordAudit(db, {
    organizationId: actor.organizationId,
    actorId: actor.userId,
    action: 'regulation.unwatched',
    details: { sourceId: id, title: removed.title, url: removed.url },
  });
}

const day = (d: Date) => d.toISOString().slice(0, 10);

/** A watched regulation as a row of the compliance report, its level said with its reason. */
function entryOf({ source, link, openAlerts }: Watched): RegulationEntry {
  const base = {
    id: source.id,
    country: source.country,
    regulation: source.title,
    currentVersion: null,
    lastChecked: link?.lastCheckedAt?.toISOString() ?? null,
    nextReviewDate:
      link?.lastCheckedAt && link.intervalMinutes
        ? new Date(link.lastCheckedAt.getTime() + link.intervalMinutes * 60_000).toISOString()
        : null,
    pendingChanges: [],
    requiredActions: [],
    actionDeadline: null,
  };
  const changed = openAlerts.find((a) => a.alertType === 'content_changed');
  if (changed) {
    return {
      ...base,
      complianceLevel: 'warning',
      levelReason: `Warning: the page of ${source.title} changed (detected ${day(changed.detectedAt)}) and the change has not been reviewed; Centerline does not hold its versioned text, so it cannot say which checklist items it touches.`,
      pendingChanges: [
        {
          id: changed.id,
          priority: 'medium',
          description: `The page ${source.url} changed on ${day(changed.detectedAt)}: read the difference in the Link Monitor.`,
          section: source.title,
          paragraphs: [],
          checklistItems: [],
          effectiveDate: day(changed.detectedAt),
        },
      ],
      requiredActions: [
        {
          text: `Review the change to ${source.title}, then mark its alert resolved in the Link Monitor`,
          checklistItem: null,
          href: '/link-monitor',
        },
      ],
    };
  }
  if (!link) {
    return {
      ...base,
      complianceLevel: 'unknown',
      levelReason: `Unknown: the Link Monitor no longer watches ${source.url}; add it again to follow changes.`,
    };
  }
  if (!link.lastCheckedAt) {
    return {
      ...base,
      complianceLevel: 'unknown',
      levelReason: `Unknown: the page has not been checked yet; Refresh Status in the Link Monitor checks it now.`,
    };
  }
  if (link.status === 'broken') {
    return {
      ...base,
      complianceLevel: 'unknown',
      levelReason: `Unknown: the page could not be read at the last check (${day(link.lastCheckedAt)}${link.errorMessage ? `: ${link.errorMessage}` : ''}).`,
    };
  }
  return {
    ...base,
    complianceLevel: 'unknown',
    levelReason: `Unknown: the page has not changed since it was first read (last checked ${day(link.lastCheckedAt)}); Centerline watches it for changes but holds no versioned text to compare with your checklist.`,
  };
}

/** The organization's watched regulations as report rows. */
export async function watchedEntries(db: Database, organizationId: string) {
  return (await watchedOf(db, organizationId)).map(entryOf);
}
