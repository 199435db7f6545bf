import type { Config } from '../../config';
import type { DbOrTx } from '../../db/client';
import { emailOutbox } from '../../db/schema';
import type { JobDefinition, JobQueue } from '../../jobs/types';

export { mailDeliveryJob, MAIL_JOB } from './job';

export interface OutgoingMail {
  organizationId: string | null;
  to: string;
  subject: string;
  text: string;
  /** invitation | password_reset | notification | email_change | report */
  kind: string;
}

/**
 * What features send e-mail through: `enabled` when SMTP_URL is set; `send` writes the message
 * to the outbox and enqueues its delivery in the caller's transaction, so a message exists
 * exactly when what caused it was committed.
 */
export interface MailSender {
  enabled: boolean;
  /** Where links in messages point: PUBLIC_URL, or this server's own address. */
  publicUrl: string;
  send(tx: DbOrTx, message: OutgoingMail): Promise<void>;
}

export function mailSender({
  config,
  jobs,
  delivery,
}: {
  config: Config;
  jobs: JobQueue;
  delivery: JobDefinition<{ outboxId: string }>;
}): MailSender {
  const publicUrl = (config.PUBLIC_URL ?? `http://localhost:${config.PORT}`).replace(/\/+$/, '');
  return {
    enabled: config.SMTP_URL !== undefined,
    publicUrl,
    async send(tx, message) {
      const [row] = await tx
        .insert(emailOutbox)
        .values({
          organizationId: message.organizationId,
          toAddress: message.to,
          subject: message.subject,
          textBody: message.text,
          kind: message.kind,
        })
        .returning({ id: emailOutbox.id });
      await jobs.send(delivery, { outboxId: row!.id }, { tx });
    },
  };
}
