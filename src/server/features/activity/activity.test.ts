import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLogs, notifications } from '../../db/schema';
import {
  createDocument,
  createMember,
  createOrganization,
  createTrainingEvent,
  daysFromToday,
  signedIn,
} from '../../test/factories';
import { DRIVERS, startTestServer, type TestServer } from '../../test/harness';

/** RFC 4180 reader: quoted cells, doubled quotes, CRLF records. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(cell);
      cell = '';
    } else if (ch === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else cell += ch;
  }
  if (cell !== '' || row.length) throw new Error('CSV does not end with CRLF');
  return rows;
}

describe.each(DRIVERS)('activity, notifications and dashboard (%s)', (driver) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(driver);
  });
  afterAll(() => server.app.close());

  /** Audit entries written straight into the table at known times (minutes ago). */
  async function addAuditEntries(
    organizationId: string,
    actorId: string | null,
    entries: [action: string, minutesAgo: number][],
  ) {
    const rows = await server.db
      .insert(auditLogs)
      .values(
        entries.map(([action, minutesAgo]) => ({
          organizationId,
          actorId,
          action,
          details: { note: action },
          createdAt: new Date(Date.now() - minutesAgo * 60_000),
        })),
      )
      .returning();
    return rows;
  }

  describe('audit log', () => {
    it('lists the newest entries first', async () => {
      const { organization, admin, email } = await createOrganization(server.db);
      await addAuditEntries(organization.id, admin.id, [
        ['middle', 20],
        ['oldest', 30],
        ['newest', 10],
      ]);
      const client = await signedIn(server, email);
      const res = await client.get('/api/audit-logs');
      expect(res.status).toBe(200);
      // sign_in (now) and create_organization (moments ago) are newer than the backdated entries.
      expect(res.body.map((e: { action: string }) => e.action)).toEqual([
        'sign_in',
        'create_organization',
        'newest',
        'middle',
        'oldest',
      ]);
      const times = res.body.map((e: { timestamp: string }) => Date.parse(e.timestamp));
      expect([...times].sort((a, b) => b - a)).toEqual(times);
      expect(res.body[2]).toMatchObject({
        actorId: admin.id,
        actorEmail: email,
        details: { note: 'newest' },
      });
    });

    it('honours the limit, and answers 422 for a limit of 0, over 200 or not a number', async () => {
      const { organization, admin, email } = await createOrganization(server.db);
      await addAuditEntries(organization.id, admin.id, [
        ['a', 40],
        ['b', 30],
        ['c', 20],
        ['d', 10],
      ]);
      const client = await signedIn(server, email);
      const two = await client.get('/api/audit-logs?limit=2');
      expect(two.status).toBe(200);
      expect(two.body.map((e: { action: string }) => e.action)).toEqual([
        'sign_in',
        'create_organization',
      ]);
      const five = await client.get('/api/audit-logs?limit=5');
      expect(five.body.map((e: { action: string }) => e.action)).toEqual([
        'sign_in',
        'create_organization',
        'd',
        'c',
        'b',
      ]);
      expect((await client.get('/api/audit-logs?limit=200')).body).toHaveLength(6);
      for (const limit of ['0', '500', '201', '-1', 'ten', '2.5']) {
        const res = await client.get(`/api/audit-logs?limit=${limit}`);
        expect(res.status, `limit=${limit}`).toBe(422);
        expect(res.body.code).toBe('validation_failed');
        expect(res.body.issues.map((i: { path: string }) => i.path)).toEqual(['limit']);
      }
    });

    it("shows only the caller's organization", async () => {
      const a = await createOrganization(server.db);
      const b = await createOrganization(server.db);
      const bEntries = await addAuditEntries(b.organization.id, b.admin.id, [
        ['b_secret', 1],
        ['b_other', 2],
      ]);
      await addAuditEntries(a.organization.id, a.admin.id, [['a_entry', 3]]);
      const res = await (await signedIn(server, a.email)).get('/api/audit-logs?limit=200');
      expect(res.status).toBe(200);
      const ids = res.body.map((e: { id: string }) => e.id);
      for (const entry of bEntries) expect(ids).not.toContain(entry.id);
      const inA = await server.db
        .select({ id: auditLogs.id })
        .from(auditLogs)
        .where(eq(auditLogs.organizationId, a.organization.id));
      expect([...ids].sort()).toEqual(inA.map((r) => r.id).sort());
      expect(res.body.map((e: { actorEmail: string }) => e.actorEmail)).not.toContain(b.email);
    });
  });

  describe('audit log export', () => {
    it('downloads the trail as a CSV attachment, a row per entry, formulas neutralised', async () => {
      const { organization, admin, email } = await createOrganization(server.db);
      const other = await createOrganization(server.db);
      await addAuditEntries(other.organization.id, other.admin.id, [['other_org_entry', 5]]);
      await server.db.insert(auditLogs).values([
        {
          organizationId: organization.id,
          actorId: admin.id,
          action: '=HYPERLINK("http://evil.example","click")',
          details: { note: 'say "hi", then leave' },
          createdAt: new Date(Date.now() - 30 * 60_000),
        },
        {
          organizationId: organization.id,
          actorId: null,
          action: '+1+1',
          createdAt: new Date(Date.now() - 20 * 60_000),
        },
        {
          organizationId: organization.id,
          actorId: admin.id,
          action: '@SUM(A1)',
          createdAt: new Date(Date.now() - 10 * 60_000),
        },
      ]);
      const client = await signedIn(server, email);
      const res = await client.get('/api/audit-logs/export.csv');
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
      expect(res.headers.get('content-disposition')).toMatch(
        /^attachment; filename="centerline-audit-log-\d{4}-\d{2}-\d{2}\.csv"$/,
      );

      const rows = parseCsv(res.body as string);
      const entries = await server.db
        .select()
        .from(auditLogs)
        .where(eq(auditLogs.organizationId, organization.id));
      expect(rows[0]).toEqual(['timestamp', 'action', 'actor', 'details']);
      expect(rows).toHaveLength(entries.length + 1);
      // Oldest first, as a trail reads.
      expect(rows.slice(1, 4).map((r) => r[1])).toEqual([
        `'=HYPERLINK("http://evil.example","click")`,
        "'+1+1",
        "'@SUM(A1)",
      ]);
      expect(rows[1]).toEqual([
        expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
        `'=HYPERLINK("http://evil.example","click")`,
        email,
        '{"note":"say \\"hi\\", then leave"}',
      ]);
      expect(rows[2]![2]).toBe('');
      for (const row of rows.slice(1)) {
        expect(row).toHaveLength(4);
        for (const cell of row) expect(cell).not.toMatch(/^[=+\-@\t\r]/);
      }
      expect(rows.map((r) => r[1])).not.toContain('other_org_entry');
      expect(res.body as string).not.toContain('other_org_entry');
    });

    it('refuses a Viewer with 403', async () => {
      const { organization } = await createOrganization(server.db);
      const viewer = await createMember(server.db, organization.id, 'viewer');
      const res = await (await signedIn(server, viewer.email)).get('/api/audit-logs/export.csv');
      expect(res.status).toBe(403);
      expect(res.body).toEqual({
        message: 'Your role does not allow this action',
        code: 'forbidden',
      });
    });
  });

  describe('notifications', () => {
    it('counts and lists only the caller’s own notifications', async () => {
      const { organization } = await createOrganization(server.db);
      const recipient = await createMember(server.db, organization.id, 'instructor');
      const colleague = await createMember(server.db, organization.id, 'instructor');
      const recipientClient = await signedIn(server, recipient.email);
      const colleagueClient = await signedIn(server, colleague.email);

      expect((await recipientClient.get('/api/notifications/count')).body).toEqual({ unread: 0 });
      expect((await recipientClient.get('/api/notifications')).body).toEqual([]);

      await server.db.insert(notifications).values([
        {
          organizationId: organization.id,
          userId: recipient.user.id,
          title: 'Record validated',
          body: 'Casey Trainee',
          link: '/training-records',
        },
        {
          organizationId: organization.id,
          userId: recipient.user.id,
          title: 'Already read',
          readAt: new Date(),
        },
      ]);

      const count = await recipientClient.get('/api/notifications/count');
      expect(count.status).toBe(200);
      expect(count.body).toEqual({ unread: 1 });
      const list = await recipientClient.get('/api/notifications');
      expect(list.status).toBe(200);
      expect(list.body).toHaveLength(2);
      expect(
        list.body.find((n: { title: string }) => n.title === 'Record validated'),
      ).toMatchObject({
        body: 'Casey Trainee',
        link: '/training-records',
        readAt: null,
      });
      expect(list.body.find((n: { title: string }) => n.title === 'Already read').readAt).toEqual(
        expect.any(String),
      );

      expect((await colleagueClient.get('/api/notifications/count')).body).toEqual({ unread: 0 });
      expect((await colleagueClient.get('/api/notifications')).body).toEqual([]);
    });
  });

  describe('dashboard figures', () => {
    it('answers zeros and nulls for an organization without records', async () => {
      const { email } = await createOrganization(server.db);
      const res = await (await signedIn(server, email)).get('/api/dashboard/stats');
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        totalRecords: 0,
        complianceRate: null,
        pendingReviews: 0,
        aiAccuracy: null,
        trends: {
          totalRecords: { previous: 0, change: 0, periodDays: 30 },
          complianceRate: { previous: null, change: null, periodDays: 30 },
          pendingReviews: { previous: 0, change: 0, periodDays: 30 },
          aiAccuracy: { previous: null, change: null, periodDays: 30 },
        },
      });
    });

    it('computes compliance over events that are due, and counts processed documents as pending reviews', async () => {
      const { organization, email } = await createOrganization(server.db);
      const other = await createOrganization(server.db);
      await createTrainingEvent(server.db, organization.id, {
        status: 'completed',
        eventDate: daysFromToday(-10),
      });
      await createTrainingEvent(server.db, organization.id, {
        status: 'completed',
        eventDate: daysFromToday(-3),
      });
      await createTrainingEvent(server.db, organization.id, {
        status: 'failed',
        eventDate: daysFromToday(-5),
      });
      await createTrainingEvent(server.db, organization.id, {
        status: 'pending',
        eventDate: daysFromToday(10),
      });
      await createDocument(server.db, organization.id, { status: 'processed' });
      await createDocument(server.db, organization.id, { status: 'processed' });
      await createDocument(server.db, organization.id, { status: 'validated' });
      await createDocument(server.db, organization.id, { status: 'uploaded' });
      // Another organization's records must not move these figures.
      await createTrainingEvent(server.db, other.organization.id, {
        status: 'failed',
        eventDate: daysFromToday(-2),
      });
      await createDocument(server.db, other.organization.id, { status: 'processed' });

      const client = await signedIn(server, email);
      const res = await client.get('/api/dashboard/stats');
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        totalRecords: 4,
        complianceRate: 66.7,
        pendingReviews: 2,
        aiAccuracy: null,
        trends: {
          totalRecords: { previous: 0, change: 4, periodDays: 30 },
          complianceRate: { previous: null, change: null, periodDays: 30 },
          pendingReviews: { previous: 0, change: 2, periodDays: 30 },
          aiAccuracy: { previous: null, change: null, periodDays: 30 },
        },
      });

      // Only future events: nothing is due yet, so there is no rate to show.
      const future = await createOrganization(server.db);
      await createTrainingEvent(server.db, future.organization.id, {
        status: 'pending',
        eventDate: daysFromToday(5),
      });
      const futureStats = await (await signedIn(server, future.email)).get('/api/dashboard/stats');
      expect(futureStats.body).toEqual({
        totalRecords: 1,
        complianceRate: null,
        pendingReviews: 0,
        aiAccuracy: null,
        trends: {
          totalRecords: { previous: 0, change: 1, periodDays: 30 },
          complianceRate: { previous: null, change: null, periodDays: 30 },
          pendingReviews: { previous: 0, change: 0, periodDays: 30 },
          aiAccuracy: { previous: null, change: null, periodDays: 30 },
        },
      });
    });
  });
});
