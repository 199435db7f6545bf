import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox } from '../../db/schema';
import {
  createMember,
  createOrganization,
  FRENCH_READER,
  savePreferences,
  signedIn,
} from '../../test/factories';
import { DRIVERS, startJobServer, TestClient, type JobTestServer } from '../../test/harness';
import { startSmtpFixture, type SmtpFixture } from '../../test/smtp-fixture';

/** The e-mail switch off, the others as they come. */
const NO_MAIL = {
  email: false,
  complianceAlerts: true,
  documentUpdates: true,
  systemMaintenance: false,
};

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

  it('writes an invitation from a French-speaking admin in French, and tells each admin of its acceptance in their own language', async () => {
    const { organization, email } = await createOrganization(server.db);
    const admin = await signedIn(server, email);
    await savePreferences(admin, FRENCH_READER);
    const spanish = await signedIn(
      server,
      (await createMember(server.db, organization.id, 'admin')).email,
    );
    await savePreferences(spanish, { language: 'es', notifications: { ...NO_MAIL } });
    const before = smtp.received.length;
    const invitee = `copilote-${Date.now()}@example.test`;
    const res = await admin.post('/api/users', {
      email: invitee,
      firstName: 'Camille',
      lastName: 'Durand',
      role: 'instructor',
    });
    expect(res.status).toBe(201);
    // The invitee has chosen no language yet: the e-mail is in the inviting admin's.
    const mail = (await smtp.waitFor(before + 1)).find((m) => m.to.includes(invitee))!;
    expect(mail.subject).toBe(`Invitation à rejoindre ${organization.name} sur Centerline`);
    expect(mail.text).toContain(
      `Avery Admin vous invite à rejoindre ${organization.name} sur Centerline en tant que Instructeur.`,
    );
    expect(mail.text).toContain('Choisissez votre mot de passe à l’aide de ce lien.');
    expect(mail.text).toContain('Si vous n’attendiez pas cette invitation');
    const token = /\/invite\?token=([\w-]+)/.exec(mail.text)![1]!;
    expect(`/invite?token=${token}`).toBe(res.body.invitePath);

    const accepted = await new TestClient(server.baseUrl).post('/api/auth/accept-invite', {
      token,
      password: 'une phrase de passe choisie',
    });
    expect(accepted.status).toBe(200);
    const [toFrench] = (await admin.get('/api/notifications')).body;
    expect(toFrench).toMatchObject({
      kind: 'invitation',
      title: 'Camille Durand a accepté l’invitation',
      body: `${invitee} a choisi un mot de passe et peut désormais se connecter.`,
    });
    const [toSpanish] = (await spanish.get('/api/notifications')).body;
    expect(toSpanish).toMatchObject({
      title: 'Camille Durand ha aceptado la invitación',
      body: `${invitee} ha elegido una contraseña y ya puede iniciar sesión.`,
    });
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
