import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_PREFERENCES } from '@shared/api/preferences';
import { notifications } from '../../db/schema';
import {
  createMember,
  createOrganization,
  FRENCH_READER,
  savePreferences,
  signedIn,
} from '../../test/factories';
import { DRIVERS, type TestClient } from '../../test/harness';
import { pdfBytes } from '../../test/documents/fixtures';
import { file, upload } from '../../test/documents/http';
import { startDocumentServer, type DocumentTestServer } from '../../test/documents/server';
import { waitForStatus } from '../../test/documents/wait';
import { startSmtpFixture, type SmtpFixture } from '../../test/smtp-fixture';

const NOTICE = [
  'Hangar 3 parking will be repainted next week.',
  'Please move vehicles to the north lot until further notice.',
];

describe.each(DRIVERS)('notifications (%s)', (driver) => {
  let server: DocumentTestServer;
  let smtp: SmtpFixture;
  beforeAll(async () => {
    smtp = await startSmtpFixture();
    server = await startDocumentServer(driver, {
      namespace: `notifications-${driver}`,
      env: { SMTP_URL: smtp.url, PUBLIC_URL: 'https://centre.example.test' },
    });
  });
  afterAll(async () => {
    await server.close();
    await smtp.close();
  });

  const setSwitches = (
    client: TestClient,
    switches: Partial<typeof DEFAULT_PREFERENCES.notifications>,
  ) =>
    client.request('PUT', '/api/settings/preferences', {
      json: {
        ...DEFAULT_PREFERENCES,
        notifications: { ...DEFAULT_PREFERENCES.notifications, ...switches },
      },
    });

  it('tells the uploader and the admins of a document that needs review, as their switches allow', async () => {
    const { organization, email } = await createOrganization(server.db);
    const admin = await signedIn(server, email);
    const instructorMember = await createMember(server.db, organization.id, 'instructor');
    const instructor = await signedIn(server, instructorMember.email);
    const otherAdminMember = await createMember(server.db, organization.id, 'admin');
    const otherAdmin = await signedIn(server, otherAdminMember.email);
    const viewer = await signedIn(
      server,
      (await createMember(server.db, organization.id, 'viewer')).email,
    );
    // The instructor wants e-mail; the second admin turned document updates off.
    expect((await setSwitches(instructor, { email: true })).status).toBe(200);
    expect((await setSwitches(admin, { email: false })).status).toBe(200);
    expect((await setSwitches(otherAdmin, { documentUpdates: false })).status).toBe(200);

    const before = smtp.received.length;
    const res = await upload(server.baseUrl, instructor.cookie, [
      file('scan0001.pdf', await pdfBytes(NOTICE)),
    ]);
    expect(res.status).toBe(201);
    const document = await waitForStatus(instructor, res.body.id);
    expect(document.status).toBe('needs_review');

    const mine = (await instructor.get('/api/notifications')).body;
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({
      kind: 'validation',
      title: 'scan0001.pdf needs review',
      link: `/documents/${res.body.id}`,
      readAt: null,
    });
    expect(mine[0].body).toMatch(/No expected field was found/);
    expect((await admin.get('/api/notifications')).body).toHaveLength(1);
    expect((await otherAdmin.get('/api/notifications')).body).toEqual([]);
    expect((await viewer.get('/api/notifications')).body).toEqual([]);
    expect((await instructor.get('/api/notifications/count')).body).toEqual({ unread: 1 });

    // Only the instructor asked for e-mail.
    const mail = (await smtp.waitFor(before + 1)).slice(before);
    expect(mail.map((m) => m.to)).toEqual([[instructorMember.email]]);
    expect(mail[0]!.subject).toBe('scan0001.pdf needs review');
    expect(mail[0]!.text).toContain(`https://centre.example.test/documents/${res.body.id}`);

    // Read: one by id, then the rest; nobody reads another's.
    const otherId = (await admin.get('/api/notifications')).body[0].id;
    expect((await instructor.post('/api/notifications/read', { ids: [otherId] })).body).toEqual({
      marked: 0,
    });
    expect((await instructor.post('/api/notifications/read', { ids: [mine[0].id] })).body).toEqual({
      marked: 1,
    });
    expect((await instructor.get('/api/notifications/count')).body).toEqual({ unread: 0 });
    expect((await admin.post('/api/notifications/read', {})).body).toEqual({ marked: 1 });
    const rows = await server.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.organizationId, organization.id)));
    expect(rows.every((r) => r.readAt !== null)).toBe(true);
    expect((await admin.post('/api/notifications/read', { ids: ['not-a-uuid'] })).status).toBe(422);
  });

  it('writes each recipient’s notification and e-mail in their own language', async () => {
    const { organization, email } = await createOrganization(server.db);
    const admin = await signedIn(server, email);
    const instructorMember = await createMember(server.db, organization.id, 'instructor');
    const instructor = await signedIn(server, instructorMember.email);
    await savePreferences(instructor, FRENCH_READER);
    await savePreferences(admin, {
      language: 'es',
      notifications: { ...DEFAULT_PREFERENCES.notifications, email: false },
    });

    const before = smtp.received.length;
    const res = await upload(server.baseUrl, instructor.cookie, [
      file('scan0002.pdf', await pdfBytes(NOTICE)),
    ]);
    expect(res.status).toBe(201);
    expect((await waitForStatus(instructor, res.body.id)).status).toBe('needs_review');

    const [mine] = (await instructor.get('/api/notifications')).body;
    expect(mine.title).toBe('scan0002.pdf à vérifier');
    expect(mine.body).toMatch(/^Aucun champ attendu n’a été trouvé/);
    const [theirs] = (await admin.get('/api/notifications')).body;
    expect(theirs.title).toBe('scan0002.pdf requiere revisión');
    expect(theirs.body).toMatch(/^No se ha encontrado ningún campo esperado/);
    // The document keeps its reasons as it always has.
    const document = (await instructor.get(`/api/documents/${res.body.id}`)).body;
    expect(document.reviewReasons.join(' ')).toMatch(/^No expected field was found/);

    const [mail] = (await smtp.waitFor(before + 1)).slice(before);
    expect(mail!.to).toEqual([instructorMember.email]);
    expect(mail!.subject).toBe('scan0002.pdf à vérifier');
    expect(mail!.text).toContain('Aucun champ attendu n’a été trouvé');
    expect(mail!.text).toContain(
      'Vous pouvez choisir les notifications que vous recevez dans Centerline\u00a0: Paramètres → Notifications.',
    );
  });
});
