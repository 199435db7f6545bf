import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLogs, users } from '../../db/schema';
import { createMember, createOrganization, signedIn } from '../../test/factories';
import { DRIVERS, startTestServer, type TestServer } from '../../test/harness';

const FRENCH = {
  timezone: 'Europe/Paris',
  language: 'fr',
  theme: 'dark',
  dateFormat: 'DD/MM/YYYY',
  notifications: {
    email: false,
    complianceAlerts: true,
    documentUpdates: false,
    systemMaintenance: true,
  },
  autoLogoutMinutes: 60,
};

describe.each(DRIVERS)('user preferences (%s)', (driver) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(driver);
  });
  afterAll(() => server.app.close());

  it('answers the spec’s defaults until the user saves, and says the timezone was not chosen', async () => {
    const { email } = await createOrganization(server.db);
    const client = await signedIn(server, email);
    const res = await client.get('/api/settings/preferences');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      timezone: 'America/New_York',
      language: 'en',
      theme: 'light',
      dateFormat: 'MM/DD/YYYY',
      notifications: {
        email: true,
        complianceAlerts: true,
        documentUpdates: true,
        systemMaintenance: false,
      },
      autoLogoutMinutes: 30,
      timezoneChosen: false,
    });
  });

  it('saves every preference on the account, answers them with the signed-in user, and audits what changed', async () => {
    const { organization, admin, email } = await createOrganization(server.db);
    const client = await signedIn(server, email);
    const saved = await client.request('PUT', '/api/settings/preferences', { json: FRENCH });
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({ ...FRENCH, timezoneChosen: true });

    // Another device signing in sees the same preferences.
    const elsewhere = await signedIn(server, email);
    const me = await elsewhere.get('/api/auth/user');
    expect(me.body.preferences).toEqual({ ...FRENCH, timezoneChosen: true });
    expect(me.body.autoLogoutMinutes).toBe(60);

    const [row] = await server.db.select().from(users).where(eq(users.id, admin.id));
    expect(row!.autoLogoutMinutes).toBe(60);
    expect(row!.preferences).toEqual({
      timezone: 'Europe/Paris',
      language: 'fr',
      theme: 'dark',
      dateFormat: 'DD/MM/YYYY',
      notifications: FRENCH.notifications,
    });
    const audit = await server.db
      .select()
      .from(auditLogs)
      .where(
        and(
          eq(auditLogs.organizationId, organization.id),
          eq(auditLogs.action, 'update_preferences'),
        ),
      );
    expect(audit).toHaveLength(1);
    expect(Object.keys(audit[0]!.details).sort()).toEqual(
      ['autoLogoutMinutes', 'dateFormat', 'language', 'notifications', 'theme', 'timezone'].sort(),
    );

    // Saving the same values again changes nothing and writes no second entry.
    await client.request('PUT', '/api/settings/preferences', { json: FRENCH });
    const again = await server.db
      .select()
      .from(auditLogs)
      .where(
        and(
          eq(auditLogs.organizationId, organization.id),
          eq(auditLogs.action, 'update_preferences'),
        ),
      );
    expect(again).toHaveLength(1);
  });

  it.each([
    ['an unknown timezone', { timezone: 'Mars/Olympus_Mons' }, 'timezone', 'Unknown timezone'],
    ['an unknown language', { language: 'de' }, 'language', 'Choose English, Español or Français'],
    ['an unknown theme', { theme: 'sepia' }, 'theme', 'Choose light, dark or system'],
    ['an unknown date format', { dateFormat: 'DD.MM.YYYY' }, 'dateFormat', 'date formats'],
    [
      'an auto-logout not offered',
      { autoLogoutMinutes: 45 },
      'autoLogoutMinutes',
      '15, 30, 60, 120',
    ],
  ])(
    'refuses %s with 422 naming the field, and saves nothing',
    async (_what, change, field, message) => {
      const { admin, email } = await createOrganization(server.db);
      const client = await signedIn(server, email);
      const res = await client.request('PUT', '/api/settings/preferences', {
        json: { ...FRENCH, ...change },
      });
      expect(res.status).toBe(422);
      const issue = (res.body.issues as { path: string; message: string }[]).find((i) =>
        i.path.endsWith(field),
      );
      expect(issue?.message).toContain(message);
      const [row] = await server.db.select().from(users).where(eq(users.id, admin.id));
      expect(row!.preferences).toEqual({});
      expect(row!.autoLogoutMinutes).toBe(30);
    },
  );

  it('keeps each user’s preferences to themselves', async () => {
    const { organization, email } = await createOrganization(server.db);
    const colleague = await createMember(server.db, organization.id, 'viewer');
    await (
      await signedIn(server, email)
    ).request('PUT', '/api/settings/preferences', {
      json: FRENCH,
    });
    const theirs = await (await signedIn(server, colleague.email)).get('/api/settings/preferences');
    expect(theirs.body.language).toBe('en');
    expect(theirs.body.timezoneChosen).toBe(false);
  });

  it('reads a stored value that is no longer valid as its default instead of failing', async () => {
    const { admin, email } = await createOrganization(server.db);
    await server.db
      .update(users)
      .set({ preferences: { timezone: 'Atlantis/Capital', theme: 'auto', language: 'fr' } })
      .where(eq(users.id, admin.id));
    const res = await (await signedIn(server, email)).get('/api/settings/preferences');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      timezone: 'America/New_York',
      theme: 'light',
      language: 'fr',
      timezoneChosen: false,
    });
  });
});
