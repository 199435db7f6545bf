import { and, eq, inArray, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import { trainingEventAssignments, trainingEvents } from '../../db/schema';
import type { Actor } from '../../http/actor';

/** training_events or an alias of it. */
interface EventsTable {
  id: AnyPgColumn;
  organizationId: AnyPgColumn;
}

/**
 * The training events `actor` may see, as a condition on `table` (training_events or an alias
 * of it): the organization's, and for a Viewer only those assigned to them (DESIGN.md §4).
 */
export function visibleEvents(db: DbOrTx, actor: Actor, table: EventsTable = trainingEvents): SQL {
  const inOrg = eq(table.organizationId, actor.organizationId);
  if (actor.role !== 'viewer') return inOrg;
  return and(
    inOrg,
    inArray(
      table.id,
      db
        .select({ id: trainingEventAssignments.trainingEventId })
        .from(trainingEventAssignments)
        .where(
          and(
            eq(trainingEventAssignments.userId, actor.userId),
            eq(trainingEventAssignments.organizationId, actor.organizationId),
          ),
        ),
    ),
  )!;
}
