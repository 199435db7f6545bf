import { and, eq, inArray, isNull, or } from 'drizzle-orm';
import {
  readStoredPreferences,
  type Language,
  type NotificationSwitches,
} from '@shared/api/preferences';
import type { Role } from '@shared/constants/roles';
import type { DbOrTx } from '../../db/client';
import { notifications, users } from '../../db/schema';
import { textFor, type Text } from '../../i18n/index';
import type { MailSender } from '../mail/service';

/**
 * What a notification is about, and the Settings switch that lets a user turn it off. Invitations
 * and escalations concern one person directly and are always delivered.
 */
export const NOTIFICATION_SWITCH = {
  alert: 'complianceAlerts',
  audit: 'complianceAlerts',
  validation: 'documentUpdates',
  system: 'systemMaintenance',
  invitation: null,
  escalation: null,
} as const satisfies Record<string, keyof NotificationSwitches | null>;
export type NotificationKind = keyof typeof NOTIFICATION_SWITCH;

export interface NotificationText {
  title: string;
  body: string;
}

export interface NotificationInput {
  organizationId: string;
  kind: NotificationKind;
  /**
   * The title and body in one recipient's language; `t` reads the `notifications` catalogue
   * (another namespace: `textFor(language, …)`). Called once per language among the recipients.
   */
  text: (t: Text, language: Language) => NotificationText;
  /** A path of the app (`/documents/…`) the notification opens. */
  link: string | null;
  /** These users, and every active user of these roles (each once). */
  to: { userIds?: (string | null)[]; roles?: Role[] };
}

/**
 * Creates a notification for each user it concerns whose switch for its kind is on, in the
 * caller's transaction, written in that user's language; those whose e-mail switch is on also get
 * it by e-mail when SMTP is set. Answers the users notified.
 */
export async function notify(
  tx: DbOrTx,
  input: NotificationInput,
  mail?: MailSender,
): Promise<string[]> {
  const ids = (input.to.userIds ?? []).filter((id): id is string => id !== null);
  const roles = input.to.roles ?? [];
  if (ids.length === 0 && roles.length === 0) return [];
  const who = [
    ...(ids.length ? [inArray(users.id, ids)] : []),
    ...(roles.length ? [inArray(users.role, roles)] : []),
  ];
  const recipients = await tx
    .select({
      id: users.id,
      email: users.email,
      preferences: users.preferences,
      autoLogoutMinutes: users.autoLogoutMinutes,
    })
    .from(users)
    .where(
      and(eq(users.organizationId, input.organizationId), isNull(users.deactivatedAt), or(...who)),
    );
  const switchName = NOTIFICATION_SWITCH[input.kind];
  const wanted = recipients
    .map((r) => {
      const stored = readStoredPreferences(r.preferences, r.autoLogoutMinutes);
      return { ...r, switches: stored.notifications, language: stored.language };
    })
    .filter((r) => switchName === null || r.switches[switchName]);
  if (wanted.length === 0) return [];
  const texts = new Map<Language, NotificationText>();
  const textIn = (language: Language) => {
    let text = texts.get(language);
    if (!text) {
      text = input.text(textFor(language, 'notifications'), language);
      texts.set(language, text);
    }
    return text;
  };
  await tx.insert(notifications).values(
    wanted.map((r) => ({
      organizationId: input.organizationId,
      userId: r.id,
      kind: input.kind,
      title: textIn(r.language).title.slice(0, 300),
      body: textIn(r.language).body.slice(0, 2000),
      link: input.link,
    })),
  );
  if (mail?.enabled) {
    for (const r of wanted.filter((w) => w.switches.email)) {
      const { title, body } = textIn(r.language);
      await mail.send(tx, {
        organizationId: input.organizationId,
        to: r.email,
        kind: 'notification',
        subject: title,
        text: [
          body,
          '',
          input.link ? `${mail.publicUrl}${input.link}` : '',
          '',
          textFor(r.language, 'mail')('notification.footer'),
        ]
          .filter((line, i, all) => line !== '' || all[i - 1] !== '')
          .join('\n'),
      });
    }
  }
  return wanted.map((r) => r.id);
}
