import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox } from '../../db/schema';
import { createOrganization, signedIn } from '../../test/factories';
import { DRIVERS, startJobServer, TestClient, type JobTestServer } from '../../test/harness';
import { startSmtpFixture, type SmtpFixture } from '../../test/smtp-fixture';

describe.each(DRIVERS)('e-mail through SMTP (%s)', (driver) => {
  let smtp: SmtpFixture;
  let server: JobTestServer;
  beforeAll(async () => {
    smtp = await startSmtpFixture();
    server = await startJobServer(driver, {
      namespace: `mail-${driver}`,
      env: {
        SMTP_URL: smtp.url,
        MAIL_FROM: 'Centerline <no-reply@centerline.test>',
        PUBLIC_URL: 'https://training.example.test/',
      },
    });
  });
  afterAll(async () => {
    await server.close();
    await smtp.close();
  });

  const outboxOf = (organizationId: string) =>
    server.db.select().from(emailOutbox).where(eq(emailOutbox.organizationId, organizationId));

  it('e-mails an invitation whose link signs the invitee up', async () => {
    const { organization, email } = await createOrganization(server.db);
    const admin = await signedIn(server, email);
    const before = smtp.received.length;
    const invitee = `pilot-${Date.now()}@example.test`;
    const res = await admin.post('/api/users', {
      email: invitee,
      firstName: 'Sam',
      lastName: 'Ortiz',
      role: 'instructor',
    });
    expect(res.status).toBe(201);
    expect(res.body.emailed).toBe(true);
    const mail = (await smtp.waitFor(before + 1)).find((m) => m.to.includes(invitee))!;
    expect(mail.from).toBe('no-reply@centerline.test');
    expect(mail.subject).toBe(`You are invited to ${organization.name} on Centerline`);
    expect(mail.text).toContain('invited you to');
    expect(mail.text).toContain('as Instructor.');
    const link = /https:\/\/training\.example\.test\/invite\?token=([\w-]+)/.exec(mail.text);
    expect(link).not.toBeNull();
    expect(`/invite?token=${link![1]}`).toBe(res.body.invitePath);
    // The link from the e-mail works: the invitee chooses a password and is signed in.
    const accepted = await new TestClient(server.baseUrl).post('/api/auth/accept-invite', {
      token: link![1],
      password: 'a passphrase from the e-mail',
    });
    expect(accepted.status).toBe(200);
    expect(accepted.body.email).toBe(invitee);
    const [told] = (await admin.get('/api/notifications')).body;
    expect(told).toMatchObject({
      kind: 'invitation',
      title: 'Sam Ortiz accepted the invitation',
      link: '/users',
    });
    await expect
      .poll(async () => (await outboxOf(organization.id)).map((r) => r.status))
      .toEqual(['sent']);
  });

  it('keeps a message the mail server refuses and delivers it on a later try', async () => {
    const { organization, email } = await createOrganization(server.db);
    const admin = await signedIn(server, email);
    smtp.refuseNext(2);
    const invitee = `retry-${Date.now()}@example.test`;
    const before = smtp.received.length;
    const res = await admin.post('/api/users', {
      email: invitee,
      firstName: 'Lee',
      lastName: 'Park',
      role: 'viewer',
    });
    expect(res.status).toBe(201);
    await smtp.waitFor(before + 1, 20_000);
    const [row] = await server.db
      .select()
      .from(emailOutbox)
      .where(
        and(eq(emailOutbox.organizationId, organization.id), eq(emailOutbox.toAddress, invitee)),
      );
    await expect.poll(async () => (await outboxOf(organization.id))[0]?.status).toBe('sent');
    const [sent] = await outboxOf(organization.id);
    expect(sent!.attempts).toBe(3);
    expect(row).toBeDefined();
    expect(smtp.received.filter((m) => m.to.includes(invitee))).toHaveLength(1);
  });
});
