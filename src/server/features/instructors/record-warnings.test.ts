import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLogs, trainingEventWarnings } from '../../db/schema';
import { createOrganization, daysFromToday, signedIn } from '../../test/factories';
import { DRIVERS, startTestServer, type TestClient, type TestServer } from '../../test/harness';
import { createEvent } from '../../test/training-events';
import { nameKey } from './record-warnings';

const COURSE = 'CE-525 Initial Type Rating';

describe('nameKey', () => {
  it('matches the forms records and files write a name in', () => {
    expect(nameKey('REYES, DANA')).toBe('dana reyes');
    expect(nameKey('  Dana   Reyes. ')).toBe('dana reyes');
    expect(nameKey('Dana Reyes')).not.toBe(nameKey('Dan Reyes'));
  });
});

describe.each(DRIVERS)('warnings written to training records (%s)', (driver) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(driver);
  });
  afterAll(() => server.app.close());

  /** A centre with one instructor current and one whose 142.53(a) items are 500 days old. */
  async function centre() {
    const org = await createOrganization(server.db);
    const admin = await signedIn(server, org.email);
    await createEvent(admin, { course: COURSE });
    const current = await qualifiedFile(admin, 'Casey Current', -30);
    const overdue = await qualifiedFile(admin, 'Olive Overdue', -500);
    return { ...org, admin, current, overdue };
  }

  async function qualifiedFile(client: TestClient, name: string, recurrentDays: number) {
    const res = await client.post('/api/instructors', {
      name,
      role: 'both',
      employedFrom: daysFromToday(-800),
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const id = (res.body as { id: string }).id;
    for (const [kind, days, extra] of [
      ['pre_designation_ground_142_47_c1', -700, {}],
      ['pre_designation_test_142_47_c2', -699, {}],
      ['designation_142_47_b', -690, { course: COURSE }],
      ['instruction_demonstration_142_53_a1', recurrentDays, {}],
      ['recurrent_ground_142_53_a2', recurrentDays, {}],
    ] as const) {
      const q = await client.post(`/api/instructors/${id}/qualifications`, {
        kind,
        completedAt: daysFromToday(days),
        ...extra,
      });
      expect(q.status, JSON.stringify(q.body)).toBe(201);
    }
    return id;
  }

  const record = (client: TestClient, fields: Record<string, unknown>) =>
    client.post('/api/training-events', {
      studentName: 'Avery Trainee',
      course: COURSE,
      eventType: 'Proficiency check',
      eventDate: daysFromToday(-1),
      status: 'completed',
      ...fields,
    });

  it('writes a warning with its paragraph when the instructor is overdue, and shows it on the record', async () => {
    const { admin, organization, overdue } = await centre();
    const res = await record(admin, { instructor: 'OVERDUE, OLIVE' });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const warnings = res.body.warnings as { kind: string; paragraph: string; message: string }[];
    expect(warnings).toEqual([
      expect.objectContaining({
        role: 'instructor',
        person: 'Olive Overdue',
        instructorFileId: overdue,
        kind: 'overdue',
        version: 1,
      }),
    ]);
    expect(warnings[0]!.paragraph).toMatch(/^142\.53\(a\)\([12]\)$/);
    expect(warnings[0]!.message).toContain('Olive Overdue was overdue on');

    // Read back with the record, and kept in the ledgered audit trail.
    const again = await admin.get(`/api/training-events/${res.body.id}`);
    expect(again.body.warnings).toHaveLength(1);
    const [audit] = await server.db
      .select()
      .from(auditLogs)
      .where(
        and(
          eq(auditLogs.organizationId, organization.id),
          eq(auditLogs.action, 'training_event_staff_warning'),
        ),
      )
      .orderBy(desc(auditLogs.createdAt));
    expect(JSON.stringify(audit?.details)).toContain(res.body.id as string);
  });

  it('writes nothing for a current, designated instructor', async () => {
    const { admin } = await centre();
    const res = await record(admin, { instructor: 'Casey Current', evaluator: 'casey current' });
    expect(res.status).toBe(201);
    expect(res.body.warnings).toEqual([]);
  });

  it('judges the file as it stood on the event date, not today', async () => {
    const { admin } = await centre();
    // 500 days ago Olive's items were fresh: current then.
    const then = await record(admin, {
      instructor: 'Olive Overdue',
      eventDate: daysFromToday(-480),
    });
    expect(then.status).toBe(201);
    expect(then.body.warnings).toEqual([]);
    // Before her designation, she was not eligible.
    const before = await record(admin, {
      instructor: 'Olive Overdue',
      eventDate: daysFromToday(-695),
    });
    expect(before.body.warnings).toEqual([
      expect.objectContaining({ kind: 'not_eligible', person: 'Olive Overdue' }),
    ]);
  });

  it('warns about a course the person is not designated for and a name with no file', async () => {
    const { admin } = await centre();
    await createEvent(admin, { course: 'Recurrent Ground' });
    const res = await record(admin, {
      course: 'Recurrent Ground',
      instructor: 'Casey Current',
      evaluator: 'Nobody Known',
    });
    expect(res.status).toBe(201);
    const kinds = (res.body.warnings as { kind: string; paragraph: string }[]).map((w) => [
      w.kind,
      w.paragraph,
    ]);
    expect(kinds).toEqual([
      ['not_designated', '142.47(b)'],
      ['no_file', '142.73(b)'],
    ]);
  });

  it('asks again when an edit names someone else, on the new version', async () => {
    const { admin, organization } = await centre();
    const created = await record(admin, { instructor: 'Casey Current' });
    expect(created.body.warnings).toEqual([]);
    const edited = await admin.patch(`/api/training-events/${created.body.id}`, {
      instructor: 'Olive Overdue',
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body.warnings).toEqual([
      expect.objectContaining({ kind: 'overdue', version: 2 }),
    ]);
    const rows = await server.db
      .select()
      .from(trainingEventWarnings)
      .where(eq(trainingEventWarnings.organizationId, organization.id));
    expect(rows).toHaveLength(1);
    // An edit of the remarks alone does not repeat it.
    await admin.patch(`/api/training-events/${created.body.id}`, { remarks: 'Debriefed' });
    expect((await admin.get(`/api/training-events/${created.body.id}`)).body.warnings).toHaveLength(
      1,
    );
  });

  it('says nothing in a centre that keeps no instructor files', async () => {
    const org = await createOrganization(server.db);
    const admin = await signedIn(server, org.email);
    const res = await record(admin, { instructor: 'Anyone At All' });
    expect(res.status).toBe(201);
    expect(res.body.warnings).toEqual([]);
  });
});
