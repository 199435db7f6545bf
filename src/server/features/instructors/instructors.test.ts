import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLogs, instructorFiles, instructorQualifications } from '../../db/schema';
import {
  createDocument,
  createMember,
  createOrganization,
  daysFromToday,
  signedIn,
} from '../../test/factories';
import { DRIVERS, startTestServer, type TestClient, type TestServer } from '../../test/harness';
import { createEvent } from '../../test/training-events';

const COURSE = 'CE-525 Initial Type Rating';

describe.each(DRIVERS)('instructor files (%s)', (driver) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(driver);
  });
  afterAll(() => server.app.close());

  async function centre() {
    const org = await createOrganization(server.db);
    const admin = await signedIn(server, org.email);
    const event = await createEvent(admin, { course: COURSE });
    return { ...org, admin, event };
  }

  async function createFile(client: TestClient, overrides: Record<string, unknown> = {}) {
    const res = await client.post('/api/instructors', {
      name: 'Jordan Pilot',
      role: 'instructor',
      employedFrom: daysFromToday(-800),
      ...overrides,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body as { id: string; version: number; status: string };
  }

  const add = (client: TestClient, id: string, kind: string, days: number, extra = {}) =>
    client.post(`/api/instructors/${id}/qualifications`, {
      kind,
      completedAt: daysFromToday(days),
      ...extra,
    });

  /** A complete file whose 142.53(a) items were last done `recurrentDays` ago. */
  async function qualifiedFile(client: TestClient, recurrentDays: number, name = 'Jordan Pilot') {
    const file = await createFile(client, { name });
    for (const [kind, days, extra] of [
      ['pre_designation_ground_142_47_c1', -700, {}],
      ['pre_designation_test_142_47_c2', -699, {}],
      ['designation_142_47_b', -690, { course: COURSE }],
      ['instruction_demonstration_142_53_a1', recurrentDays, {}],
      ['recurrent_ground_142_53_a2', recurrentDays, {}],
    ] as const) {
      const res = await add(client, file.id, kind, days, extra);
      expect(res.status, JSON.stringify(res.body)).toBe(201);
    }
    return file;
  }

  it('creates a file, records its qualifications and computes a current and an overdue person', async () => {
    const { admin, organization } = await centre();
    const fresh = await createFile(admin);
    expect(fresh).toMatchObject({ status: 'not_eligible', version: 1 });

    const current = await qualifiedFile(admin, -30, 'Casey Current');
    const overdue = await qualifiedFile(admin, -500, 'Olive Overdue');

    const one = await admin.get(`/api/instructors/${current.id}`);
    expect(one.body).toMatchObject({ status: 'current', version: 6 });
    expect(one.body.designations).toEqual([
      expect.objectContaining({ course: COURSE, designatedAt: daysFromToday(-690) }),
    ]);
    expect(one.body.qualifications).toHaveLength(5);
    const a2 = one.body.requirements.find(
      (r: { requirement: string }) => r.requirement === 'recurrent_ground_142_53_a2',
    );
    expect(a2).toMatchObject({ paragraph: '142.53(a)(2)', status: 'current' });
    expect(a2.lastCompleted).toBe(daysFromToday(-30));

    const late = (await admin.get(`/api/instructors/${overdue.id}`)).body;
    expect(late.status).toBe('overdue');
    expect(late.statusReason.paragraph).toMatch(/^142\.53\(a\)\([12]\)$/);

    const list = await admin.get('/api/instructors');
    expect(list.status).toBe(200);
    expect(list.body.counts).toEqual({
      total: 3,
      current: 1,
      due_soon: 0,
      overdue: 1,
      not_eligible: 1,
    });
    expect(list.body.courses).toEqual([COURSE]);
    const overdueOnly = await admin.get('/api/instructors?status=overdue');
    expect(overdueOnly.body.instructors.map((f: { name: string }) => f.name)).toEqual([
      'Olive Overdue',
    ]);
    const byCourse = await admin.get(`/api/instructors?course=${encodeURIComponent(COURSE)}`);
    expect(byCourse.body.instructors).toHaveLength(2);

    // Every change is a ledger leaf (an audit entry naming the file and its version).
    const entries = await server.db
      .select()
      .from(auditLogs)
      .where(
        and(
          eq(auditLogs.organizationId, organization.id),
          sql`${auditLogs.details}->>'instructorFileId' = ${current.id}`,
        ),
      );
    expect(entries.map((e) => (e.details as { version: number }).version).sort()).toEqual([
      1, 2, 3, 4, 5, 6,
    ]);
    expect(one.body.ledgerIndex).toEqual(expect.any(Number));

    const patched = await admin.patch(`/api/instructors/${current.id}`, {
      certificates: 'ATP 1234567, first-class medical',
      expectedVersion: 6,
    });
    expect(patched.body).toMatchObject({
      version: 7,
      certificates: 'ATP 1234567, first-class medical',
    });
    expect(patched.body.ledgerIndex).toBeGreaterThan(one.body.ledgerIndex);
    const stale = await admin.patch(`/api/instructors/${current.id}`, {
      notes: 'x',
      expectedVersion: 6,
    });
    expect(stale.status).toBe(409);
  });

  it('refuses bad input with clear messages and writes nothing', async () => {
    const { admin, event } = await centre();
    const other = await centre();
    const file = await createFile(admin, { employedFrom: daysFromToday(-100) });
    const foreignDoc = await createDocument(server.db, other.organization.id);
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ kind: 'recurrent_ground_142_53_a2', completedAt: daysFromToday(5) }, /in the future/],
      [
        { kind: 'proficiency_check_142_53_a7', completedAt: daysFromToday(-200) },
        /before .* employment began/,
      ],
      [
        { kind: 'designation_142_47_b', completedAt: daysFromToday(-10), course: 'A380 Type' },
        /no course "A380 Type"/,
      ],
      [{ kind: 'designation_142_47_b', completedAt: daysFromToday(-10) }, /names the course/],
      [
        {
          kind: 'recurrent_ground_142_53_a2',
          completedAt: daysFromToday(-10),
          documentId: foreignDoc.id,
        },
        /No such document/,
      ],
      [
        {
          kind: 'recurrent_ground_142_53_a2',
          completedAt: daysFromToday(-10),
          trainingEventId: other.event.id,
        },
        /No such training event/,
      ],
      [{ kind: 'recurrent_ground_142_53_a2', completedAt: '2025-02-30' }, /real date/],
    ];
    for (const [body, message] of cases) {
      const res = await admin.post(`/api/instructors/${file.id}/qualifications`, body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.body.message).toMatch(message);
    }
    expect(
      await server.db
        .select()
        .from(instructorQualifications)
        .where(eq(instructorQualifications.instructorId, file.id)),
    ).toEqual([]);
    const [row] = await server.db
      .select()
      .from(instructorFiles)
      .where(eq(instructorFiles.id, file.id));
    expect(row!.version).toBe(1);

    const ok = await add(admin, file.id, 'recurrent_ground_142_53_a2', -10, {
      trainingEventId: event.id,
    });
    expect(ok.status).toBe(201);

    const future = await admin.post('/api/instructors', {
      name: 'Future Hire',
      role: 'evaluator',
      employedFrom: daysFromToday(10),
    });
    expect(future.status).toBe(422);
    expect(future.body.message).toMatch(/employedFrom: .* in the future/);
    const backwards = await admin.post('/api/instructors', {
      name: 'Backwards',
      role: 'both',
      employedFrom: daysFromToday(-10),
      employedUntil: daysFromToday(-20),
    });
    expect(backwards.status).toBe(422);
    expect((await other.admin.get(`/api/instructors/${file.id}`)).status).toBe(404);
    expect(
      (
        await other.admin.post(`/api/instructors/${file.id}/qualifications`, {
          kind: 'recurrent_ground_142_53_a2',
          completedAt: daysFromToday(-1),
        })
      ).status,
    ).toBe(404);
  });

  it('lets an Instructor add evidence to their own file but not their designations or checks', async () => {
    const { admin, organization } = await centre();
    const member = await createMember(server.db, organization.id, 'instructor');
    const instructor = await signedIn(server, member.email);
    const auditor = await signedIn(
      server,
      (await createMember(server.db, organization.id, 'auditor')).email,
    );
    const viewer = await signedIn(
      server,
      (await createMember(server.db, organization.id, 'viewer')).email,
    );
    const own = await createFile(admin, { userId: member.user.id });
    const colleague = await createFile(admin, { name: 'Colleague' });

    expect((await add(instructor, own.id, 'recurrent_ground_142_53_a2', -5)).status).toBe(201);
    const check = await add(instructor, own.id, 'proficiency_check_142_53_a7', -5);
    expect(check.status).toBe(403);
    expect(check.body.message).toMatch(/own designations, tests or checks/);
    expect(
      (await add(instructor, own.id, 'designation_142_47_b', -5, { course: COURSE })).status,
    ).toBe(403);
    expect((await instructor.patch(`/api/instructors/${own.id}`, { name: 'Me' })).status).toBe(403);
    expect((await add(instructor, colleague.id, 'proficiency_check_142_53_a7', -5)).status).toBe(
      201,
    );

    expect((await auditor.get(`/api/instructors/${own.id}`)).status).toBe(200);
    expect(
      (
        await auditor.post('/api/instructors', {
          name: 'X',
          role: 'instructor',
          employedFrom: daysFromToday(-5),
        })
      ).status,
    ).toBe(403);
    expect((await viewer.get('/api/instructors')).status).toBe(403);
    expect((await viewer.get(`/api/instructors/${own.id}`)).status).toBe(403);
  });

  it('refuses deletion while 142.73(c)(2) keeps the file, allows it after', async () => {
    const { admin } = await centre();
    const employed = await createFile(admin);
    const res = await admin.request('DELETE', `/api/instructors/${employed.id}`);
    expect(res.status).toBe(409);
    expect(res.body.message).toMatch(/142\.73\(c\)\(2\).*employed and one year after/);

    const leftRecently = await createFile(admin, { employedUntil: daysFromToday(-100) });
    const kept = await admin.request('DELETE', `/api/instructors/${leftRecently.id}`);
    expect(kept.status).toBe(409);
    expect(kept.body.message).toContain('until ');
    const file = (await admin.get(`/api/instructors/${leftRecently.id}`)).body;
    expect(kept.body.message).toContain(file.retainUntil);

    const leftLongAgo = await createFile(admin, { employedUntil: daysFromToday(-400) });
    expect((await admin.request('DELETE', `/api/instructors/${leftLongAgo.id}`)).status).toBe(204);
    expect((await admin.get(`/api/instructors/${leftLongAgo.id}`)).status).toBe(404);
  });
});
