import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLogs,
  documents,
  extractedFields,
  trainingEventAssignments,
  trainingEvents,
} from '../../db/schema';
import type { Database } from '../../db/client';
import { createMember, createOrganization, daysFromToday, signedIn } from '../../test/factories';
import { DRIVERS, startTestServer, type TestServer } from '../../test/harness';
import { createEvent } from '../../test/training-events';

const DAY = 86_400_000;
const ago = (days: number) => new Date(Date.now() - days * DAY);

interface EventRow {
  studentName?: string;
  licenseNumber?: string | null;
  eventType?: string;
  eventDate: string;
  status: string;
  createdAt?: Date;
}

/** Training event rows written straight into the table (the figures read the table). */
async function insertEvents(db: Database, organizationId: string, rows: EventRow[]) {
  return db
    .insert(trainingEvents)
    .values(
      rows.map((row) => ({
        organizationId,
        studentName: row.studentName ?? `Trainee ${randomUUID().slice(0, 6)}`,
        licenseNumber: row.licenseNumber === undefined ? null : row.licenseNumber,
        eventType: row.eventType ?? 'Proficiency check',
        eventDate: row.eventDate,
        status: row.status,
        createdAt: row.createdAt ?? new Date(),
        updatedAt: row.createdAt ?? new Date(),
      })),
    )
    .returning();
}

interface DocumentRow {
  processedAt: Date;
  validatedAt?: Date;
  deletedAt?: Date;
  /** Per field: when it was validated (absent: not yet) and whether the value was corrected. */
  fields: { validatedAt?: Date; corrected?: boolean }[];
}

/** A processed document with its extracted fields, stamped with the given history. */
async function insertDocument(db: Database, organizationId: string, row: DocumentRow) {
  const [document] = await db
    .insert(documents)
    .values({
      organizationId,
      originalName: `record-${randomUUID().slice(0, 6)}.pdf`,
      mimeType: 'application/pdf',
      sizeBytes: 1024,
      blobHash: randomUUID().replaceAll('-', '').padEnd(64, '0'),
      status: row.validatedAt ? 'validated' : 'processed',
      processedAt: row.processedAt,
      validatedAt: row.validatedAt ?? null,
      deletedAt: row.deletedAt ?? null,
      createdAt: row.processedAt,
    })
    .returning();
  await db.insert(extractedFields).values(
    row.fields.map((field, i) => ({
      organizationId,
      documentId: document!.id,
      fieldName: `field${i}`,
      extractedValue: 'Jordan Ellis',
      confidence: 0.9,
      page: 1,
      validatedValue: field.validatedAt
        ? field.corrected
          ? 'Jordan Ellison'
          : 'Jordan Ellis'
        : null,
      validatedAt: field.validatedAt ?? null,
      createdAt: row.processedAt,
    })),
  );
  return document!;
}

describe.each(DRIVERS)('dashboard (%s)', (driver) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(driver);
  });
  afterAll(() => server.app.close());

  async function adminOf() {
    const org = await createOrganization(server.db);
    return { ...org, client: await signedIn(server, org.email) };
  }

  it('computes every figure with its trend against the figure as it stood 30 days ago', async () => {
    const { organization, client } = await adminOf();
    const other = await createOrganization(server.db);
    const org = organization.id;
    // Records: two on file for 40 days (one completed, one failed), one new and completed.
    await insertEvents(server.db, org, [
      { status: 'completed', eventDate: daysFromToday(-45), createdAt: ago(40) },
      { status: 'failed', eventDate: daysFromToday(-42), createdAt: ago(40) },
      { status: 'completed', eventDate: daysFromToday(-2) },
    ]);
    // Documents awaiting review: A then and now, B then (validated since), C now (processed
    // since), E then (deleted since); D was validated before the period, one field corrected.
    await insertDocument(server.db, org, { processedAt: ago(40), fields: [{}] });
    await insertDocument(server.db, org, {
      processedAt: ago(40),
      validatedAt: ago(10),
      fields: [{ validatedAt: ago(10) }],
    });
    await insertDocument(server.db, org, { processedAt: ago(5), fields: [{}, {}] });
    await insertDocument(server.db, org, {
      processedAt: ago(45),
      deletedAt: ago(20),
      fields: [{}],
    });
    await insertDocument(server.db, org, {
      processedAt: ago(50),
      validatedAt: ago(35),
      fields: [{ validatedAt: ago(35) }, { validatedAt: ago(35), corrected: true }],
    });
    // Another organization's rows move nothing here.
    await insertEvents(server.db, other.organization.id, [
      { status: 'failed', eventDate: daysFromToday(-41), createdAt: ago(41) },
    ]);
    await insertDocument(server.db, other.organization.id, { processedAt: ago(40), fields: [{}] });

    const res = await client.get('/api/dashboard/stats');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      totalRecords: 3,
      complianceRate: 66.7,
      pendingReviews: 2,
      aiAccuracy: 66.7,
      trends: {
        totalRecords: { previous: 2, change: 1, periodDays: 30 },
        complianceRate: { previous: 50, change: 16.7, periodDays: 30 },
        pendingReviews: { previous: 3, change: -1, periodDays: 30 },
        aiAccuracy: { previous: 50, change: 16.7, periodDays: 30 },
      },
    });
  });

  it('says there is nothing to compare with when a figure could not be computed then', async () => {
    const { organization, client } = await adminOf();
    await insertDocument(server.db, organization.id, {
      processedAt: ago(3),
      validatedAt: ago(1),
      fields: [
        { validatedAt: ago(1) },
        { validatedAt: ago(1) },
        { validatedAt: ago(1), corrected: true },
      ],
    });
    const res = await client.get('/api/dashboard/stats');
    expect(res.body).toMatchObject({
      pendingReviews: 0,
      aiAccuracy: 66.7,
      trends: {
        pendingReviews: { previous: 0, change: 0 },
        aiAccuracy: { previous: null, change: null },
      },
    });
  });

  it('raises compliance alerts over all of the events, well past the first hundred', async () => {
    const { organization, client } = await adminOf();
    const org = organization.id;
    // 120 pending events past their date, and 30 not yet due.
    await insertEvents(server.db, org, [
      ...Array.from({ length: 120 }, (_, i) => ({
        status: 'pending',
        eventDate: daysFromToday(-2 - (i % 60)),
        studentName: `Overdue ${String(i).padStart(3, '0')}`,
      })),
      ...Array.from({ length: 30 }, () => ({ status: 'pending', eventDate: daysFromToday(3) })),
    ]);
    // Failed checks: re-checked by licence (same type, later date), re-checked by name when a
    // licence is missing, re-checked too early, and re-checked in another event type.
    await insertEvents(server.db, org, [
      {
        studentName: 'Dana Reyes',
        licenseNumber: 'ATP-1',
        status: 'failed',
        eventDate: daysFromToday(-20),
      },
      {
        studentName: 'D. Reyes',
        licenseNumber: 'atp-1 ',
        status: 'completed',
        eventDate: daysFromToday(-10),
      },
      {
        studentName: 'Lee Park',
        status: 'failed',
        eventDate: daysFromToday(-30),
        eventType: 'Checkride',
      },
      {
        studentName: ' lee park',
        status: 'completed',
        eventDate: daysFromToday(-30),
        eventType: 'checkride ',
      },
      {
        studentName: 'Sam Cho',
        licenseNumber: 'CPL-2',
        status: 'failed',
        eventDate: daysFromToday(-15),
      },
      {
        studentName: 'Sam Cho',
        licenseNumber: 'CPL-2',
        status: 'completed',
        eventDate: daysFromToday(-16),
      },
      {
        studentName: 'Ari Bell',
        licenseNumber: 'CPL-3',
        status: 'failed',
        eventDate: daysFromToday(-25),
      },
      {
        studentName: 'Ari Bell',
        licenseNumber: 'CPL-3',
        status: 'completed',
        eventDate: daysFromToday(-5),
        eventType: 'Ground school',
      },
    ]);
    // Another organization's overdue and failed events do not count.
    await insertEvents(server.db, (await createOrganization(server.db)).organization.id, [
      { status: 'pending', eventDate: daysFromToday(-9) },
      { status: 'failed', eventDate: daysFromToday(-9) },
    ]);

    const res = await client.get('/api/dashboard/alerts?tz=UTC');
    expect(res.status).toBe(200);
    expect(res.body.today).toBe(new Date().toISOString().slice(0, 10));
    expect(res.body.alerts).toHaveLength(2);
    const [failed, overdue] = res.body.alerts;
    expect(failed).toMatchObject({
      id: 'failed-awaiting-recheck',
      severity: 'high',
      count: 2,
      link: '/compliance-records?status=failed',
    });
    // Oldest first: Ari Bell (25 days ago), then Sam Cho (15 days ago).
    expect(failed.events.map((e: { studentName: string }) => e.studentName)).toEqual([
      'Ari Bell',
      'Sam Cho',
    ]);
    expect(overdue).toMatchObject({
      id: 'pending-overdue',
      severity: 'medium',
      count: 120,
      link: '/compliance-records?status=pending',
    });
    expect(overdue.events).toHaveLength(5);
    expect(overdue.events[0]).toMatchObject({ status: 'pending', eventDate: daysFromToday(-61) });
    expect(Object.keys(overdue.events[0]).sort()).toEqual(
      [
        'blockchainHash',
        'eventDate',
        'eventType',
        'id',
        'licenseNumber',
        'status',
        'studentName',
      ].sort(),
    );

    // A Viewer's alerts cover only the events assigned to them.
    const viewer = await createMember(server.db, org, 'viewer');
    const [assigned] = await server.db
      .select()
      .from(trainingEvents)
      .where(eqStudent(org, 'Sam Cho', 'failed'));
    await server.db.insert(trainingEventAssignments).values({
      trainingEventId: assigned!.id,
      userId: viewer.user.id,
      organizationId: org,
    });
    const viewerAlerts = await (await signedIn(server, viewer.email)).get('/api/dashboard/alerts');
    expect(viewerAlerts.status).toBe(200);
    expect(viewerAlerts.body.alerts).toEqual([
      expect.objectContaining({ id: 'failed-awaiting-recheck', count: 1 }),
    ]);
  });

  it('answers no alerts when nothing needs attention, and refuses an unknown time zone', async () => {
    const { client } = await adminOf();
    await createEvent(client, { status: 'completed', eventDate: daysFromToday(-3) });
    const res = await client.get('/api/dashboard/alerts?tz=Europe/Paris');
    expect(res.status).toBe(200);
    expect(res.body.alerts).toEqual([]);
    expect(res.body.today).toBe(
      new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris' }).format(new Date()),
    );
    const bad = await client.get('/api/dashboard/alerts?tz=Mars/Olympus_Mons');
    expect(bad.status).toBe(422);
    expect(bad.body.message).toMatch(/IANA time zone/);
  });

  it('follows every change to the records at once, though it keeps figures between changes', async () => {
    const { client } = await adminOf();
    await createEvent(client, {
      studentName: 'Dana Whitfield',
      licenseNumber: 'CPL-501',
      status: 'failed',
      eventDate: daysFromToday(-5),
    });
    const figures = async () => {
      const [stats, alerts, analytics, list] = await Promise.all([
        client.get('/api/dashboard/stats'),
        client.get('/api/dashboard/alerts?tz=UTC'),
        client.get('/api/dashboard/analytics?tz=UTC'),
        client.get('/api/training-events?status=failed'),
      ]);
      return {
        total: stats.body.totalRecords,
        awaitingRecheck: alerts.body.alerts[0]?.count ?? 0,
        byStatus: analytics.body.trainingEvents.byStatus,
        failedListed: Number(list.headers.get('x-total-count')),
      };
    };
    expect(await figures()).toEqual({
      total: 1,
      awaitingRecheck: 1,
      byStatus: [{ key: 'failed', count: 1 }],
      failedListed: 1,
    });
    // Asked again with nothing changed: the same answers.
    expect((await figures()).total).toBe(1);

    const second = await createEvent(client, {
      studentName: 'Omar Castellanos',
      licenseNumber: 'CPL-502',
      status: 'failed',
      eventDate: daysFromToday(-2),
    });
    expect(await figures()).toMatchObject({ total: 2, awaitingRecheck: 2, failedListed: 2 });

    // An edit is a change too: the second check passed.
    const passed = await client.patch(`/api/training-events/${second.id}`, { status: 'completed' });
    expect(passed.status).toBe(200);
    expect(await figures()).toMatchObject({ total: 2, awaitingRecheck: 1, failedListed: 1 });
  });

  it('aggregates analytics over all of the events, documents and audit activity', async () => {
    const { organization, client } = await adminOf();
    const org = organization.id;
    await insertEvents(server.db, org, [
      ...Array.from({ length: 90 }, () => ({
        status: 'completed',
        eventDate: daysFromToday(-5),
        eventType: 'Simulator session',
      })),
      ...Array.from({ length: 25 }, () => ({
        status: 'pending',
        eventDate: daysFromToday(4),
        eventType: ' Checkride ',
      })),
      ...Array.from({ length: 10 }, () => ({
        status: 'failed',
        eventDate: daysFromToday(-9),
        eventType: 'Checkride',
      })),
    ]);
    await insertDocument(server.db, org, { processedAt: ago(2), fields: [{}] });
    await insertDocument(server.db, org, { processedAt: ago(2), deletedAt: ago(1), fields: [{}] });
    await insertDocument(server.db, org, {
      processedAt: ago(4),
      validatedAt: ago(3),
      fields: [{ validatedAt: ago(3) }],
    });
    await server.db.insert(auditLogs).values([
      { organizationId: org, action: 'upload_document', createdAt: ago(3) },
      { organizationId: org, action: 'upload_document', createdAt: ago(3) },
      { organizationId: org, action: 'validate_data', createdAt: ago(13.5) },
      { organizationId: org, action: 'upload_document', createdAt: ago(20) },
    ]);

    const res = await client.get('/api/dashboard/analytics?tz=UTC');
    expect(res.status).toBe(200);
    const { trainingEvents: events, documents: docs, activity } = res.body;
    expect(events.total).toBe(125);
    expect(events.byStatus).toEqual(
      expect.arrayContaining([
        { key: 'completed', count: 90 },
        { key: 'pending', count: 25 },
        { key: 'failed', count: 10 },
      ]),
    );
    expect(events.byType).toEqual([
      { key: 'Simulator session', count: 90 },
      { key: 'Checkride', count: 35 },
    ]);
    expect(docs.total).toBe(2);
    expect(docs.byStatus).toEqual(
      expect.arrayContaining([
        { key: 'processed', count: 1 },
        { key: 'validated', count: 1 },
      ]),
    );
    expect(activity.days).toHaveLength(14);
    expect(activity.days.at(-1).day).toBe(new Date().toISOString().slice(0, 10));
    expect(activity.days[0].day).toBe(daysFromToday(-13));
    const on = (day: string) => activity.days.find((d: { day: string }) => d.day === day).count;
    expect(on(daysFromToday(-3))).toBe(2);
    // Creating the organization and signing in are today's entries; 20 days ago is outside.
    expect(on(daysFromToday(0))).toBeGreaterThanOrEqual(2);
    expect(activity.total).toBe(
      activity.days.reduce((sum: number, d: { count: number }) => sum + d.count, 0),
    );

    // A Viewer sees the events assigned to them, and nothing of documents or the audit trail.
    const viewer = await createMember(server.db, org, 'viewer');
    const [one] = await server.db
      .select()
      .from(trainingEvents)
      .where(eqStudentType(org, 'Checkride'));
    await server.db.insert(trainingEventAssignments).values({
      trainingEventId: one!.id,
      userId: viewer.user.id,
      organizationId: org,
    });
    const viewerView = await (await signedIn(server, viewer.email)).get('/api/dashboard/analytics');
    expect(viewerView.body).toEqual({
      trainingEvents: {
        total: 1,
        byStatus: [{ key: 'failed', count: 1 }],
        byType: [{ key: 'Checkride', count: 1 }],
      },
      documents: null,
      activity: null,
    });
  });
});

function eqStudent(organizationId: string, studentName: string, status: string) {
  return and(
    eq(trainingEvents.organizationId, organizationId),
    eq(trainingEvents.studentName, studentName),
    eq(trainingEvents.status, status),
  );
}

function eqStudentType(organizationId: string, eventType: string) {
  return and(
    eq(trainingEvents.organizationId, organizationId),
    eq(trainingEvents.eventType, eventType),
  );
}
