import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RequirementAnalysis } from '@shared/api/audit';
import { startAuditServer, type AuditTestServer } from '../../test/audit/server';
import { seedDocument, seedEvents } from '../../test/audit/seed';
import { createOrganization, daysFromToday, signedIn } from '../../test/factories';
import { DRIVERS, type TestClient } from '../../test/harness';
import type { AuditInstructorFile, AuditRequirement } from '../instructors/service';
import type { EventFacts } from './record-events';
import { staffFileCheck } from './staff-files';

const COURSE = 'CE-525 Initial Type Rating';

const requirement = (over: Partial<AuditRequirement> = {}): AuditRequirement => ({
  requirement: 'recurrent_ground_142_53_a2',
  paragraph: '142.53(a)(2)',
  status: 'current',
  reason: 'Completed 2026-10-01',
  lastCompleted: '2026-10-01',
  graceUntil: '2027-11-30',
  evidence: { documentName: 'Ground course roster.pdf', trainingEventId: null },
  ...over,
});

const file = (name: string, r: AuditRequirement, course = COURSE): AuditInstructorFile => ({
  id: name,
  name,
  role: 'instructor',
  employedFrom: '2020-01-01',
  designations: [{ course, designatedAt: '2020-02-01' }],
  requirements: [r],
});

const taught = (instructor: string, eventDate: string, course = COURSE): EventFacts => ({
  id: `${instructor}-${eventDate}`,
  studentName: 'Avery Trainee',
  licenseNumber: null,
  course,
  eventType: 'Simulator session',
  eventDate,
  status: 'completed',
  result: null,
  instructor,
  evaluator: null,
  remarks: null,
});

describe('an instructor item judged from the files', () => {
  const a2 = ['recurrent_ground_142_53_a2'] as const;

  it('passes only when every file is current with evidence and every instructor of the records has one', () => {
    const result = staffFileCheck(
      a2,
      [file('Casey Current', requirement())],
      [taught('CURRENT, CASEY', '2026-10-15')],
    );
    expect(result.outcome).toBe('pass');
    expect(result.facts[0]).toContain(
      'Casey Current (142.53(a)(2) 2026-10-01, Ground course roster.pdf)',
    );
  });

  it('is partial when a completion has no evidence, or the records name someone with no file', () => {
    const noEvidence = staffFileCheck(
      a2,
      [file('Casey Current', requirement({ evidence: null }))],
      [],
    );
    expect(noEvidence.outcome).toBe('partial');
    expect(noEvidence.facts[0]).toMatch(/no document or training record as evidence/);

    const unfiled = staffFileCheck(
      a2,
      [file('Casey Current', requirement())],
      [taught('Sam Unfiled', '2026-10-15')],
    );
    expect(unfiled.outcome).toBe('partial');
    expect(unfiled.facts[0]).toContain('no instructor file (142.73(b)): Sam Unfiled');
  });

  it('fails when the records show an overdue person instructing after the grace month', () => {
    const overdue = requirement({
      status: 'overdue',
      lastCompleted: '2024-05-10',
      graceUntil: '2025-06-30',
      reason: 'Due by 2025-05-31; grace month ended 2025-06-30',
    });
    const before = staffFileCheck(
      a2,
      [file('Olive Overdue', overdue)],
      [taught('Olive Overdue', '2025-06-20')],
    );
    expect(before.outcome).toBe('partial');
    const after = staffFileCheck(
      a2,
      [file('Olive Overdue', overdue)],
      [taught('Olive Overdue', '2025-06-20'), taught('Olive Overdue', '2025-08-02')],
    );
    expect(after.outcome).toBe('fail');
    expect(after.facts[0]).toContain('overdue since 2025-06-30 on 142.53(a)(2)');
    expect(after.facts[0]).toContain('the last on 2025-08-02');
  });

  it('fails a course taught without a written designation for it (142.47(b))', () => {
    const designation = requirement({
      requirement: 'designation_142_47_b',
      paragraph: '142.47(b)',
      graceUntil: null,
    });
    const result = staffFileCheck(
      ['designation_142_47_b'],
      [file('Casey Current', designation)],
      [taught('Casey Current', '2026-10-15', 'Recurrent Ground')],
    );
    expect(result.outcome).toBe('fail');
    expect(result.facts[0]).toContain(
      '"Recurrent Ground" on 2026-10-15 without a written designation',
    );
  });

  it('leaves the item to the documents when the centre keeps no files', () => {
    expect(staffFileCheck(a2, [], [taught('Casey Current', '2026-10-15')])).toEqual({
      outcome: 'none',
      facts: [],
    });
  });
});

describe.each(DRIVERS)('the AI audit reads the instructor files (%s)', (driver) => {
  let server: AuditTestServer;
  beforeAll(async () => {
    server = await startAuditServer(driver, { namespace: `audit-files-${driver}` });
  });
  afterAll(async () => {
    await server?.close();
  });

  async function qualified(
    admin: TestClient,
    name: string,
    recurrentDays: number,
    documentId: string,
  ) {
    const res = await admin.post('/api/instructors', {
      name,
      role: 'instructor',
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
      const q = await admin.post(`/api/instructors/${id}/qualifications`, {
        kind,
        completedAt: daysFromToday(days),
        documentId,
        ...extra,
      });
      expect(q.status, JSON.stringify(q.body)).toBe(201);
    }
  }

  const verdicts = async (admin: TestClient) => {
    const res = await admin.post('/api/audit/analyze-compliance');
    expect(res.status).toBe(200);
    return new Map((res.body.analyses as RequirementAnalysis[]).map((a) => [a.checklistItemId, a]));
  };

  it('calls the instructor items compliant from current, evidenced files, and not compliant when the records show an overdue instructor teaching', async () => {
    const { organization, email } = await createOrganization(server.db);
    const admin = await signedIn(server, email);
    const roster = await seedDocument(
      server.db,
      organization.id,
      'Instructor training roster.pdf',
      ['Instructor training roster. Recurrent ground course completed.'],
    );
    await seedEvents(server.db, organization.id, [
      {
        studentName: 'Avery Trainee',
        course: COURSE,
        eventType: 'Simulator session',
        eventDate: daysFromToday(-20),
        instructor: 'Casey Current',
      },
    ]);
    await qualified(admin, 'Casey Current', -30, roster.id);

    const clean = await verdicts(admin);
    for (const item of ['5-05', '5-06', '5-07', '5-08', '5-09']) {
      expect(clean.get(item)!.complianceStatus, item).toBe('COMPLIANT');
    }
    expect(clean.get('5-09')!.preliminaryResponse).toContain(
      `Casey Current (142.53(a)(2) ${daysFromToday(-30)}, Instructor training roster.pdf)`,
    );
    // Nobody's designation names a device: the device items are left to the documents.
    expect(clean.get('5-10')!.complianceStatus).not.toBe('COMPLIANT');

    await qualified(admin, 'Olive Overdue', -500, roster.id);
    await seedEvents(server.db, organization.id, [
      {
        studentName: 'Avery Trainee',
        course: COURSE,
        eventType: 'Simulator session',
        eventDate: daysFromToday(-5),
        instructor: 'Olive Overdue',
      },
    ]);
    const late = await verdicts(admin);
    expect(late.get('5-09')!.complianceStatus).toBe('NON_COMPLIANT');
    expect(late.get('5-09')!.preliminaryResponse).toMatch(/Olive Overdue is overdue since/);
    expect(late.get('5-05')!.complianceStatus).toBe('COMPLIANT');
  });
});
