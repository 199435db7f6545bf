import { eq } from 'drizzle-orm';
import {
  readStoredPreferences,
  type Preferences,
  type PreferencesResponse,
} from '@shared/api/preferences';
import type { Database } from '../../db/client';
import { users } from '../../db/schema';
import type { Actor } from '../../http/actor';
import { notFound } from '../../http/errors';
import { recordAudit } from '../activity/service';

/** The caller's preferences: what they saved, each missing or outdated field at its default. */
export async function getPreferences(db: Database, actor: Actor): Promise<PreferencesResponse> {
  const [row] = await db
    .select({ preferences: users.preferences, autoLogoutMinutes: users.autoLogoutMinutes })
    .from(users)
    .where(eq(users.id, actor.userId));
  if (!row) throw notFound('User');
  return readStoredPreferences(row.preferences, row.autoLogoutMinutes);
}

/**
 * Saves every preference at once (the Settings form's Save Changes). Auto-logout stays in its
 * own column because the session store reads it on every request; the rest is one JSON value.
 * The audit trail names the fields that changed and their new values.
 */
export async function savePreferences(
  db: Database,
  actor: Actor,
  input: Preferences,
): Promise<PreferencesResponse> {
  const before = await getPreferences(db, actor);
  const { autoLogoutMinutes, ...stored } = input;
  await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ preferences: stored, autoLogoutMinutes })
      .where(eq(users.id, actor.userId));
    const changed = changedFields(before, input);
    if (changed.length > 0) {
      await recordAudit(tx, {
        organizationId: actor.organizationId,
        actorId: actor.userId,
        action: 'update_preferences',
        details: Object.fromEntries(changed.map((key) => [key, input[key]])),
      });
    }
  });
  return { ...input, timezoneChosen: true };
}

function changedFields(before: Preferences, after: Preferences): (keyof Preferences)[] {
  return (Object.keys(after) as (keyof Preferences)[]).filter(
    (key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]),
  );
}
