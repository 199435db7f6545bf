import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDocument, createMember, createOrganization, signedIn } from '../../test/factories';
import { DRIVERS, startTestServer, type TestServer } from '../../test/harness';

describe.each(DRIVERS)('Admin Dashboard figures (%s)', (driver) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(driver);
  });
  afterAll(() => server.app.close());

  it('counts the users and measures the server’s uptime from the process start', async () => {
    const { organization, email } = await createOrganization(server.db);
    await createMember(server.db, organization.id, 'viewer');
    const admin = await signedIn(server, email);
    const stats = (await admin.get('/api/admin/stats')).body;
    expect(stats).toMatchObject({ totalOrganizations: 1, totalUsers: 2, activeUsers: 2 });
    // This test runs in the server's process: its start is the same instant, to the second.
    const started = Date.now() - process.uptime() * 1000;
    expect(Math.abs(new Date(stats.server.startedAt).getTime() - started)).toBeLessThan(2000);
    expect(Math.abs(stats.server.uptimeSeconds - process.uptime())).toBeLessThan(2);
    await new Promise((r) => setTimeout(r, 1100));
    const later = (await admin.get('/api/admin/stats')).body;
    expect(later.server.uptimeSeconds).toBeGreaterThan(stats.server.uptimeSeconds);
    expect(
      Math.abs(
        new Date(later.server.startedAt).getTime() - new Date(stats.server.startedAt).getTime(),
      ),
    ).toBeLessThan(50);
  });

  it('lists the organization with its plan usage: seats, documents and storage against the limits', async () => {
    const { organization, email } = await createOrganization(server.db, { plan: 'trial' });
    await createMember(server.db, organization.id, 'viewer');
    await createDocument(server.db, organization.id);
    await createDocument(server.db, organization.id);
    const other = await createOrganization(server.db);
    await createDocument(server.db, other.organization.id);
    const admin = await signedIn(server, email);
    const listed = await admin.get('/api/organizations');
    expect(listed.status).toBe(200);
    expect(listed.body).toEqual([
      expect.objectContaining({
        id: organization.id,
        plan: 'trial',
        userCount: 2,
        userLimit: 5,
        documentCount: 2,
        documentLimit: 100,
        storageBytes: 2048,
      }),
    ]);
  });
});
