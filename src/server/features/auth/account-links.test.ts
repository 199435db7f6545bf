import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLogs, users } from '../../db/schema';
import { createOrganization, PASSWORD, signedIn } from '../../test/factories';
import {
  DRIVERS,
  startJobServer,
  startTestServer,
  TestClient,
  type JobTestServer,
  type TestServer,
} from '../../test/harness';
import { startSmtpFixture, type SmtpFixture } from '../../test/smtp-fixture';

const linkIn = (text: string, path: string) =>
  new RegExp(`https://training\\.example\\.test/${path}\\?token=([\\w-]+)`).exec(text)?.[1];

describe.each(DRIVERS)('links sent by e-mail (%s)', (driver) => {
  let smtp: SmtpFixture;
  let server: JobTestServer;
  beforeAll(async () => {
    smtp = await startSmtpFixture();
    server = await startJobServer(driver, {
      namespace: `account-links-${driver}`,
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

  const anonymous = () => new TestClient(server.baseUrl);
  const mailTo = async (address: string, from: number, expected = 1) =>
    (await smtp.waitFor(from + expected)).filter((m) => m.to.includes(address)).at(-1)!;

  it('a forgotten password: the link sets a new one once, signs out everywhere, and the old one stops working', async () => {
    const { email } = await createOrganization(server.db);
    const before = smtp.received.length;
    const elsewhere = await signedIn(server, email);
    const asked = await anonymous().post('/api/auth/password-reset', {
      email: email.toUpperCase(),
    });
    expect(asked.status).toBe(202);
    expect(asked.body).toEqual({ ok: true, mailEnabled: true });
    const mail = await mailTo(email, before);
    expect(mail.subject).toBe('Choose a new Centerline password');
    const token = linkIn(mail.text, 'reset-password');
    expect(token).toBeDefined();

    const short = await anonymous().post('/api/auth/password-reset/confirm', {
      token,
      password: 'short',
    });
    expect(short.status).toBe(422);

    const reset = await anonymous().post('/api/auth/password-reset/confirm', {
      token,
      password: 'a brand new passphrase',
    });
    expect(reset.status).toBe(200);
    expect((await elsewhere.get('/api/auth/user')).status).toBe(401);
    const again = await anonymous().post('/api/auth/password-reset/confirm', {
      token,
      password: 'yet another passphrase',
    });
    expect(again.status).toBe(410);
    expect(again.body.code).toBe('invalid_link');

    const oldPassword = await anonymous().post('/api/auth/login', { email, password: PASSWORD });
    expect(oldPassword.status).toBe(401);
    const newPassword = await anonymous().post('/api/auth/login', {
      email,
      password: 'a brand new passphrase',
    });
    expect(newPassword.status).toBe(200);
  });

  it('answers an unknown address exactly as a known one and sends nothing', async () => {
    const before = smtp.received.length;
    const asked = await anonymous().post('/api/auth/password-reset', {
      email: `nobody-${Date.now()}@example.test`,
    });
    expect(asked.status).toBe(202);
    expect(asked.body).toEqual({ ok: true, mailEnabled: true });
    await new Promise((r) => setTimeout(r, 300));
    expect(smtp.received.length).toBe(before);
    const invalid = await anonymous().post('/api/auth/password-reset', { email: 'not an address' });
    expect(invalid.status).toBe(422);
  });

  it('a newer link replaces an older one', async () => {
    const { email } = await createOrganization(server.db);
    let before = smtp.received.length;
    await anonymous().post('/api/auth/password-reset', { email });
    const first = linkIn((await mailTo(email, before)).text, 'reset-password');
    before = smtp.received.length;
    await anonymous().post('/api/auth/password-reset', { email });
    const second = linkIn((await mailTo(email, before)).text, 'reset-password');
    expect(second).not.toBe(first);
    const old = await anonymous().post('/api/auth/password-reset/confirm', {
      token: first,
      password: 'a brand new passphrase',
    });
    expect(old.status).toBe(410);
  });

  it('an e-mail change waits for the new address to confirm, tells the old one, and is audited', async () => {
    const { organization, email } = await createOrganization(server.db);
    const user = await signedIn(server, email);
    const wrong = await user.post('/api/auth/email-change', {
      newEmail: `moved-${Date.now()}@example.test`,
      password: 'not my password',
    });
    expect(wrong.status).toBe(422);
    expect(wrong.body.issues).toEqual([
      expect.objectContaining({ path: 'password', message: 'Your password is not correct' }),
    ]);

    const taken = await createOrganization(server.db);
    const clash = await user.post('/api/auth/email-change', {
      newEmail: taken.email,
      password: PASSWORD,
    });
    expect(clash.status).toBe(409);

    const newEmail = `moved-${Date.now()}@example.test`;
    const before = smtp.received.length;
    const asked = await user.post('/api/auth/email-change', { newEmail, password: PASSWORD });
    expect(asked.status).toBe(202);
    expect(asked.body).toMatchObject({ ok: true, newEmail });
    // Nothing changes until the new address confirms.
    expect((await user.get('/api/auth/user')).body.email).toBe(email);
    const confirmation = await mailTo(newEmail, before, 2);
    expect(confirmation.subject).toBe('Confirm your new Centerline e-mail address');
    const notice = await mailTo(email, before, 2);
    expect(notice.subject).toBe('Your Centerline e-mail address is being changed');
    const token = linkIn(confirmation.text, 'confirm-email');

    const confirmed = await anonymous().post('/api/auth/email-change/confirm', { token });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toEqual({ ok: true, email: newEmail });
    expect((await user.get('/api/auth/user')).body.email).toBe(newEmail);
    expect((await anonymous().post('/api/auth/email-change/confirm', { token })).status).toBe(410);
    const signIn = await anonymous().post('/api/auth/login', {
      email: newEmail,
      password: PASSWORD,
    });
    expect(signIn.status).toBe(200);
    const audit = await server.db
      .select()
      .from(auditLogs)
      .where(eq(auditLogs.organizationId, organization.id));
    expect(audit.map((a) => a.action)).toEqual(
      expect.arrayContaining(['request_email_change', 'change_email']),
    );
  });

  it('refuses to move the account when someone took the address after the link was sent', async () => {
    const { email } = await createOrganization(server.db);
    const user = await signedIn(server, email);
    const newEmail = `contested-${Date.now()}@example.test`;
    const before = smtp.received.length;
    expect(
      (await user.post('/api/auth/email-change', { newEmail, password: PASSWORD })).status,
    ).toBe(202);
    const token = linkIn((await mailTo(newEmail, before, 2)).text, 'confirm-email');
    const other = await createOrganization(server.db);
    const admin = await signedIn(server, other.email);
    const beforeInvite = smtp.received.length;
    expect(
      (
        await admin.post('/api/users', {
          email: newEmail,
          firstName: 'Taken',
          lastName: 'Before',
          role: 'viewer',
        })
      ).status,
    ).toBe(201);
    // The invitation to the address arrives too; the next test counts mail from here.
    await mailTo(newEmail, beforeInvite);
    const confirmed = await anonymous().post('/api/auth/email-change/confirm', { token });
    expect(confirmed.status).toBe(409);
    expect(confirmed.body.message).toBe('Another account already uses this e-mail address');
    // Nothing was half-applied: the account keeps its address.
    expect((await user.get('/api/auth/user')).body.email).toBe(email);
  });

  it('writes the e-mail in the recipient’s language', async () => {
    const { admin, email } = await createOrganization(server.db);
    await server.db
      .update(users)
      .set({ preferences: { language: 'fr' } })
      .where(eq(users.id, admin.id));
    const before = smtp.received.length;
    await anonymous().post('/api/auth/password-reset', { email });
    const mail = await mailTo(email, before);
    expect(mail.subject).toBe('Choisissez un nouveau mot de passe Centerline');
    expect(mail.text).toContain('Bonjour Avery,');
  });
});

describe.each(DRIVERS)('links without a mail server (%s)', (driver) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(driver);
  });
  afterAll(() => server.app.close());

  it('says the link cannot be sent, and refuses an e-mail change that could not be confirmed', async () => {
    const { email } = await createOrganization(server.db);
    const asked = await new TestClient(server.baseUrl).post('/api/auth/password-reset', { email });
    expect(asked.status).toBe(202);
    expect(asked.body).toEqual({ ok: true, mailEnabled: false });
    const user = await signedIn(server, email);
    const change = await user.post('/api/auth/email-change', {
      newEmail: `moved-${Date.now()}@example.test`,
      password: PASSWORD,
    });
    expect(change.status).toBe(409);
    expect(change.body.code).toBe('mail_unavailable');
  });
});
