import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { trainingEventAssignments, users } from '../../db/schema';
import type { Actor } from '../../http/actor';
import { notFound } from '../../http/errors';
import { recordAudit } from '../activity/service';
import { usersOf } from '../users/repository';
import { trainingEventsOf } from './repository';

async function eventOf(db: Database, actor: Actor, id: string) {
  const event = await trainingEventsOf(db, actor).find(id);
  if (!event) throw notFound('Training event');
  return event;
}

export async function listAssignments(db: Database, actor: Actor, id: string) {
  await eventOf(db, actor, id);
  const rows = await db
    .select({
      userId: users.id,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      role: users.role,
      assignedAt: trainingEventAssignments.createdAt,
    })
    .from(trainingEventAssignments)
    .innerJoin(users, eq(users.id, trainingEventAssignments.userId))
    .where(
      and(
        eq(trainingEventAssignments.trainingEventId, id),
        eq(trainingEventAssignments.organizationId, actor.organizationId),
      ),
    )
    .orderBy(asc(users.lastName), asc(users.firstName));
  return rows.map((r) => ({
    trainingEventId: id,
    userId: r.userId,
    email: r.email,
    name: `${r.firstName} ${r.lastName}`.trim(),
    role: r.role,
    assignedAt: r.assignedAt.toISOString(),
  }));
}

/** Lets a user (in practice a Viewer) see the event; assigning twice changes nothing. */
export async function assignTrainingEvent(db: Database, actor: Actor, id: string, userId: string) {
  const event = await eventOf(db, actor, id);
  const user = await usersOf(db, actor.organizationId).find(userId);
  if (!user) throw notFound('User');
  await db.transaction(async (tx) => {
    const inserted = await tx
      .insert(trainingEventAssignments)
      .values({
        trainingEventId: id,
        userId,
        organizationId: actor.organizationId,
        assignedBy: actor.userId,
      })
      .onConflictDoNothing()
      .returning();
    if (inserted.length === 0) return;
    await recordAudit(tx, {
      organizationId: actor.organizationId,
      actorId: actor.userId,
      action: 'assign_training_event',
      details: { studentName: event.studentName, eventType: event.eventType, email: user.email },
    });
  });
  const assignment = (await listAssignments(db, actor, id)).find((a) => a.userId === userId);
  if (!assignment) throw notFound('Assignment');
  return assignment;
}

export async function unassignTrainingEvent(
  db: Database,
  actor: Actor,
  id: string,
  userId: string,
) {
  const event = await eventOf(db, actor, id);
  await db.transaction(async (tx) => {
    const removed = await tx
      .delete(trainingEventAssignments)
      .where(
        and(
          eq(trainingEventAssignments.trainingEventId, id),
          eq(trainingEventAssignments.userId, userId),
          eq(trainingEventAssignments.organizationId, actor.organizationId),
        ),
      )
      .returning();
    if (removed.length === 0) throw notFound('Assignment');
    await recordAudit(tx, {
      organizationId: actor.organizationId,
      actorId: actor.userId,
      action: 'unassign_training_event',
      details: { studentName: event.studentName, eventType: event.eventType, userId },
    });
  });
}
