import { and, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { regulatoryAlerts } from '../../db/schema';
import { notify } from '../activity/service';
import type { MailSender } from '../mail/service';

/** How many alert titles one notification quotes; the screen lists them all. */
const QUOTED = 3;

/**
 * Tells each organization's administrators of the alerts raised since the last notice: one
 * notification per organization and run (in each reader's language; the alerts' own titles are
 * quoted as written), governed by the Compliance alerts switch. Each alert is claimed once
 * (`notified_at`), so concurrent runs never announce it twice. Answers the alerts announced.
 */
export async function announceNewAlerts(
  db: DbOrTx,
  organizationId?: string,
  mail?: MailSender,
): Promise<number> {
  const claimed = await db
    .update(regulatoryAlerts)
    .set({ notifiedAt: new Date() })
    .where(
      and(
        isNull(regulatoryAlerts.notifiedAt),
        isNull(regulatoryAlerts.acknowledgedAt),
        organizationId ? eq(regulatoryAlerts.organizationId, organizationId) : undefined,
      ),
    )
    .returning({
      organizationId: regulatoryAlerts.organizationId,
      title: regulatoryAlerts.title,
      severity: regulatoryAlerts.severity,
    });
  const byOrganization = new Map<string, typeof claimed>();
  for (const alert of claimed) {
    byOrganization.set(alert.organizationId, [
      ...(byOrganization.get(alert.organizationId) ?? []),
      alert,
    ]);
  }
  for (const [org, alerts] of byOrganization) {
    // The most urgent first: critical, then warnings, then the rest.
    const rank = (s: string) => (s === 'critical' ? 0 : s === 'warning' ? 1 : 2);
    const ordered = [...alerts].sort((a, b) => rank(a.severity) - rank(b.severity));
    const quoted = ordered.slice(0, QUOTED).map((a) => a.title);
    await notify(
      db,
      {
        organizationId: org,
        kind: 'alert',
        link: '/regulatory-alerts',
        to: { roles: ['admin'] },
        text: (t) => ({
          title: t('alertsRaised.title', { count: alerts.length }),
          body: [
            ...quoted,
            ...(alerts.length > QUOTED
              ? [t('alertsRaised.more', { count: alerts.length - QUOTED })]
              : []),
          ].join('\n'),
        }),
      },
      mail,
    );
  }
  return claimed.length;
}
