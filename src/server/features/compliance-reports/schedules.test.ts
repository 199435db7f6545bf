import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reports } from '../../db/schema';
import { createMember, createOrganization, signedIn } from '../../test/factories';
import { DRIVERS, startJobServer, type JobTestServer, type TestClient } from '../../test/harness';
import { startSmtpFixture, type SmtpFixture } from '../../test/smtp-fixture';
import { requestDueReports } from './service';

describe.each(DRIVERS)('report schedules (%s)', (driver) => {
  let server: JobTestServer;
  let admin: TestClient;
  let organizationId: string;
  let smtp: SmtpFixture;

  beforeAll(async () => {
    smtp = await startSmtpFixture();
    server = await startJobServer(driver, {
      namespace: `schedules-${randomUUID()}`,
      env: { SMTP_URL: smtp.url, PUBLIC_URL: 'https://training.example.test/' },
    });
    const org = await createOrganization(server.db, { name: 'Schedule Flight Academy' });
    organizationId = org.organization.id;
    admin = await signedIn(server, org.email);
  });
  afterAll(async () => {
    await server.close();
    await smtp.close();
  });

  it('a weekly schedule requests the week before as its creator and tells its recipients', async () => {
    const auditor = await createMember(server.db, organizationId, 'auditor');
    const created = await admin.post('/api/reports/schedules', {
      type: 'summary',
      format: 'xlsx',
      frequency: 'weekly',
      recipientIds: [auditor.user.id],
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ frequency: 'weekly', recipientIds: [auditor.user.id] });
    expect(
      (await admin.get('/api/reports/schedules')).body.map((s: { id: string }) => s.id),
    ).toEqual([created.body.id]);

    // Not due yet: nothing is requested.
    const queue = { jobs: server.jobs, job: server.app.services.jobDefinitions.reportGeneration };
    expect(await requestDueReports(server.db, queue, new Date())).toBe(0);
    const due = new Date(Date.parse(created.body.nextRunAt) + 60_000);
    expect(await requestDueReports(server.db, queue, due)).toBe(1);
    // The next look at the same moment finds it moved on a week.
    expect(await requestDueReports(server.db, queue, due)).toBe(0);

    const [row] = await server.db
      .select()
      .from(reports)
      .where(eq(reports.scheduleId, created.body.id));
    const dueDay = Date.UTC(due.getUTCFullYear(), due.getUTCMonth(), due.getUTCDate());
    expect(row).toMatchObject({
      type: 'summary',
      format: 'xlsx',
      periodFrom: new Date(dueDay - 7 * 86_400_000).toISOString().slice(0, 10),
      periodTo: new Date(dueDay - 86_400_000).toISOString().slice(0, 10),
    });
    const reader = await signedIn(server, auditor.email);
    let ready: { title: string; body: string } | undefined;
    for (let i = 0; i < 200 && !ready; i++) {
      ready = (await reader.get('/api/notifications')).body.find(
        (n: { title: string }) => n.title === 'Scheduled report ready',
      );
      if (!ready) await new Promise((r) => setTimeout(r, 50));
    }
    expect(ready?.body).toMatch(/^The Summary report for \S+ to \S+ is ready/);
    // And by e-mail, the recipient's e-mail switch being on by default.
    const mailed = await smtp.waitFor(1);
    expect(mailed.find((m) => m.to.includes(auditor.email))?.subject).toBe(
      'Scheduled report ready',
    );
    expect((await reader.get(`/api/reports/${row!.id}`)).body.status).toBe('completed');

    // Removed: the report it made stays, no longer tied to it.
    expect((await admin.delete(`/api/reports/schedules/${created.body.id}`)).status).toBe(204);
    expect((await admin.delete(`/api/reports/schedules/${created.body.id}`)).status).toBe(404);
    const [kept] = await server.db.select().from(reports).where(eq(reports.id, row!.id));
    expect(kept!.scheduleId).toBeNull();
  });

  it('refuses recipients who may not read reports or are not of the organization', async () => {
    const viewer = await createMember(server.db, organizationId, 'viewer');
    const stranger = await createOrganization(server.db);
    for (const recipientIds of [[viewer.user.id], [stranger.admin.id], []]) {
      const res = await admin.post('/api/reports/schedules', {
        type: 'detailed',
        format: 'pdf',
        frequency: 'monthly',
        recipientIds,
      });
      expect(res.status).toBe(422);
    }
    const bad = await admin.post('/api/reports/schedules', {
      type: 'detailed',
      format: 'pdf',
      frequency: 'monthly',
      recipientIds: [viewer.user.id],
    });
    expect(bad.body.message).toBe(
      'Every recipient must be an active member whose role may read reports',
    );
  });
});
