import { eq } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import { z } from 'zod';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { emailOutbox } from '../../db/schema';
import { defineJob, type JobLogger } from '../../jobs/types';

export const MAIL_JOB = 'mail.deliver';

/** Retries over about eleven hours (30 s doubling to an hour), then the message is `failed`. */
const RETRIES = 14;

/**
 * Delivers one outbox row through SMTP. The row was written with what caused it; until the mail
 * server takes the message it stays `pending` with its attempts and last error, so a mail server
 * that is down loses nothing, and a delivered row is never sent again.
 */
export function mailDeliveryJob(deps: { db: Database; config: Config; log?: JobLogger }) {
  const transport = deps.config.SMTP_URL
    ? nodemailer.createTransport(deps.config.SMTP_URL, { from: deps.config.MAIL_FROM })
    : null;
  return defineJob<{ outboxId: string }>({
    name: MAIL_JOB,
    payload: z.object({ outboxId: z.uuid() }),
    retries: RETRIES,
    backoff: { delayMs: 30_000, maxDelayMs: 3_600_000 },
    timeoutMs: 60_000,
    async handler({ outboxId }) {
      const [row] = await deps.db.select().from(emailOutbox).where(eq(emailOutbox.id, outboxId));
      if (!row || row.status === 'sent') return;
      if (!transport) throw new Error('SMTP_URL is not set: the message waits in the outbox');
      try {
        const info = await transport.sendMail({
          from: deps.config.MAIL_FROM,
          to: row.toAddress,
          subject: row.subject,
          text: row.textBody,
          ...(row.htmlBody ? { html: row.htmlBody } : {}),
        });
        await deps.db
          .update(emailOutbox)
          .set({ status: 'sent', sentAt: new Date(), attempts: row.attempts + 1, lastError: null })
          .where(eq(emailOutbox.id, outboxId));
        deps.log?.info({ outboxId, messageId: info.messageId, kind: row.kind }, 'e-mail sent');
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        await deps.db
          .update(emailOutbox)
          .set({ attempts: row.attempts + 1, lastError: message.slice(0, 500) })
          .where(eq(emailOutbox.id, outboxId));
        throw error;
      }
    },
    async onFinalFailure({ outboxId }, failure) {
      deps.log?.error({ outboxId, error: failure.message }, 'e-mail given up after its retries');
      await deps.db
        .update(emailOutbox)
        .set({ status: 'failed', lastError: failure.message.slice(0, 500) })
        .where(eq(emailOutbox.id, outboxId));
    },
  });
}
