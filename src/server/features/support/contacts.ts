import type { SupportContacts } from '@shared/api/support';
import type { Database } from '../../db/client';
import type { Actor } from '../../http/actor';
import { type Text } from '../../i18n/index';
import { recordAudit } from '../activity/service';
import { supportOf } from './repository';

export function contactLines(
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
