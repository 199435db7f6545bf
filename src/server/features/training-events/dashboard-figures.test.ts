import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrganization, daysFromToday, signedIn } from '../../test/factories';
import { DRIVERS, startTestServer, type TestServer } from '../../test/harness';
import { recordFigures } from './dashboard-figures';
import { createEvent } from '../../test/training-events';

describe.each(DRIVERS)('dashboard record figures (%s)', (driver) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(driver);
  });
  afterAll(() => server.app.close());

  async function adminOf() {
    const org = await createOrganization(server.db);
    return { ...org, client: await signedIn(server, org.email) };
  }

  it('computes dashboard trends against the records as they stood a period ago, edits included', async () => {
    const { organization, client } = await adminOf();
    await createEvent(client, { status: 'completed', eventDate: daysFromToday(-5) });
    const edited = await createEvent(client, { status: 'pending', eventDate: daysFromToday(-3) });
    const mid = new Date();
    await new Promise((r) => setTimeout(r, 5));
    await client.patch(`/api/training-events/${edited.id}`, { status: 'completed' });
    await createEvent(client, { status: 'completed', eventDate: daysFromToday(-1) });

    // Seen from 30 days after `mid`, the previous period ends at `mid`: two records then, one
    // of them still pending in the version its leaf held at that moment.
    const later = new Date(mid.getTime() + 30 * 86_400_000);
    expect(await recordFigures(server.db, organization.id, later)).toEqual({
      totalRecords: 3,
      complianceRate: 100,
      trends: {
        totalRecords: { previous: 2, change: 1, periodDays: 30 },
        complianceRate: { previous: 50, change: 50, periodDays: 30 },
      },
    });
    const stats = await client.get('/api/dashboard/stats');
    expect(stats.body).toMatchObject({
      totalRecords: 3,
      complianceRate: 100,
      trends: {
        totalRecords: { previous: 0, change: 3 },
        complianceRate: { previous: null, change: null },
      },
    });
  });
});
