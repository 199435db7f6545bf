import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { actorFor, createOrganization, daysFromToday, signedIn } from '../../test/factories';
import { DRIVERS, startTestServer, type TestServer } from '../../test/harness';
import { addQualification, createInstructor, instructorDeadlines } from './service';

describe.each(DRIVERS)('instructorDeadlines (%s)', (driver) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(driver);
  });
  afterAll(() => server.app.close());

  it('lists what is not current, most urgent first, leaving out people who left', async () => {
    const org = await createOrganization(server.db);
    const actor = actorFor(org);
    const base = {
      role: 'instructor' as const,
      employedFrom: daysFromToday(-900),
      userId: null,
      certificates: null,
      notes: null,
      instructsInAircraft: false,
      atpSimulator: false,
    };
    const late = await createInstructor(server.db, actor, {
      ...base,
      name: 'Late',
      employedUntil: null,
    });
    await addQualification(server.db, actor, late.id, {
      kind: 'recurrent_ground_142_53_a2',
      completedAt: daysFromToday(-500),
      documentId: null,
      trainingEventId: null,
      course: null,
      device: null,
    });
    await createInstructor(server.db, actor, {
      ...base,
      name: 'Gone',
      employedUntil: daysFromToday(-10),
    });

    const deadlines = await instructorDeadlines(server.db, actor.organizationId);
    expect(new Set(deadlines.map((d) => d.name))).toEqual(new Set(['Late']));
    const a2 = deadlines.find((d) => d.requirement === 'recurrent_ground_142_53_a2');
    expect(a2).toMatchObject({ status: 'overdue', paragraph: '142.53(a)(2)' });
    expect(deadlines[0]!.status).toBe('not_eligible');
    expect(deadlines.at(-1)).toBe(a2);
  });

  it('feeds Regulatory Alerts: an overdue requirement raises a critical alert, closed once it is met', async () => {
    const org = await createOrganization(server.db);
    const actor = actorFor(org);
    const admin = await signedIn(server, org.email);
    const file = await createInstructor(server.db, actor, {
      role: 'instructor',
      employedFrom: daysFromToday(-900),
      employedUntil: null,
      userId: null,
      certificates: null,
      notes: null,
      instructsInAircraft: false,
      atpSimulator: false,
      name: 'Dana Fox',
    });
    await addQualification(server.db, actor, file.id, {
      kind: 'recurrent_ground_142_53_a2',
      completedAt: daysFromToday(-500),
      documentId: null,
      trainingEventId: null,
      course: null,
      device: null,
    });
    type Alert = { title: string; severity: string; regulation: string; acknowledged: boolean };
    const alerts = async () =>
      ((await admin.get('/api/regulatory/alerts?status=all')).body.alerts as Alert[]).filter((a) =>
        a.title.startsWith('Dana Fox: '),
      );
    const overdue = (await alerts()).find((a) => a.regulation === '14 CFR 142.53(a)(2)');
    expect(overdue).toMatchObject({ severity: 'critical', acknowledged: false });
    expect(overdue!.title).toMatch(/is overdue \(due \d{4}-\d{2}-\d{2}\)$/);

    await addQualification(server.db, actor, file.id, {
      kind: 'recurrent_ground_142_53_a2',
      completedAt: daysFromToday(-1),
      documentId: null,
      trainingEventId: null,
      course: null,
      device: null,
    });
    const after = (await alerts()).find((a) => a.title === overdue!.title);
    expect(after).toMatchObject({ acknowledged: true });
    expect(
      (await alerts()).some((a) => a.regulation === '14 CFR 142.53(a)(2)' && !a.acknowledged),
    ).toBe(false);
  });
});
