import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createMember,
  createOrganization,
  createTrainingEvent,
  daysFromToday,
  FRENCH_READER,
  savePreferences,
  signedIn,
} from '../../test/factories';
import { DRIVERS, startTestServer, type TestServer } from '../../test/harness';

interface Notice {
  kind: string;
  title: string;
  body: string;
  link: string | null;
}

describe.each(DRIVERS)('compliance alerts reach the administrators (%s)', (driver) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(driver);
  });
  afterAll(() => server.app.close());

  it('one notification per new alerts, once, in each admin’s language, not to other roles', async () => {
    const { organization, email } = await createOrganization(server.db);
    const admin = await signedIn(server, email);
    const second = await createMember(server.db, organization.id, 'admin');
    const secondAdmin = await signedIn(server, second.email);
    await savePreferences(secondAdmin, FRENCH_READER);
    const viewer = await createMember(server.db, organization.id, 'viewer');
    const viewerClient = await signedIn(server, viewer.email);
    await createTrainingEvent(server.db, organization.id, {
      status: 'failed',
      studentName: 'Jordan Fail',
      eventDate: daysFromToday(-10),
    });

    const listed = await admin.get('/api/regulatory/alerts');
    expect(listed.status).toBe(200);
    const notices = (await admin.get<Notice[]>('/api/notifications')).body.filter(
      (n) => n.kind === 'alert',
    );
    expect(notices).toEqual([
      expect.objectContaining({ title: 'A new compliance alert', link: '/regulatory-alerts' }),
    ]);
    expect(notices[0]!.body).toContain('Jordan Fail: failed Proficiency check');

    const french = (await secondAdmin.get<Notice[]>('/api/notifications')).body.filter(
      (n) => n.kind === 'alert',
    );
    expect(french.map((n) => n.title)).toEqual(['Une nouvelle alerte de conformité']);
    const viewers = (await viewerClient.get<Notice[]>('/api/notifications')).body;
    expect(viewers.filter((n) => n.kind === 'alert')).toEqual([]);

    // Looking at the alerts again raises nothing new, and announces nothing twice.
    await admin.get('/api/regulatory/alerts');
    const again = (await admin.get<Notice[]>('/api/notifications')).body.filter(
      (n) => n.kind === 'alert',
    );
    expect(again).toHaveLength(1);
  });

  it('respects an admin’s Compliance alerts switch', async () => {
    const { organization, email } = await createOrganization(server.db);
    const admin = await signedIn(server, email);
    await savePreferences(admin, {
      notifications: {
        email: false,
        complianceAlerts: false,
        documentUpdates: true,
        systemMaintenance: false,
      },
    });
    await createTrainingEvent(server.db, organization.id, {
      status: 'failed',
      eventDate: daysFromToday(-10),
    });
    await admin.get('/api/regulatory/alerts');
    const notices = (await admin.get<Notice[]>('/api/notifications')).body;
    expect(notices.filter((n) => n.kind === 'alert')).toEqual([]);
  });
});
