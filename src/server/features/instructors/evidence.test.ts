import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember, createOrganization, daysFromToday, signedIn } from '../../test/factories';
import { DRIVERS, startTestServer, type TestClient, type TestServer } from '../../test/harness';
import { createProcessedDocument } from '../../test/processed-document';
import { createEvent } from '../../test/training-events';
import { kindFromWords } from './evidence';

const COURSE = 'CE-525 Initial Type Rating';

describe('the kind of qualification an event type names', () => {
  it.each([
    ['Annual proficiency check (142.53(a)(7))', 'proficiency_check_142_53_a7'],
    ['Instructor written test', 'written_test_142_53_a7'],
    ['Pre-designation written test', 'pre_designation_test_142_47_c2'],
    ['Initial 8-hour instructor ground training', 'pre_designation_ground_142_47_c1'],
    ['Recurrent instructor ground school', 'recurrent_ground_142_53_a2'],
    ['Letter of designation', 'designation_142_47_b'],
    ['Instruction demonstration to an evaluator', 'instruction_demonstration_142_53_a1'],
    ['Simulator operation training', 'device_training_142_53_a3'],
    ['Line observation program', 'line_observation_142_53_b2'],
    ['In-flight observation course', 'inflight_observation_142_53_b3'],
  ])('%s → %s', (words, kind) => {
    expect(kindFromWords(words)).toBe(kind);
  });

  it('names nothing for words it does not know', () => {
    expect(kindFromWords('Type rating practical test')).toBeNull();
    expect(kindFromWords('Recurrent')).toBeNull();
  });
});

describe.each(DRIVERS)('evidence from a validated document (%s)', (driver) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(driver);
  });
  afterAll(() => server.app.close());

  async function centre() {
    const org = await createOrganization(server.db);
    const admin = await signedIn(server, org.email);
    await createEvent(admin, { course: COURSE });
    const res = await admin.post('/api/instructors', {
      name: 'Olive Overdue',
      role: 'instructor',
      employedFrom: daysFromToday(-800),
    });
    expect(res.status).toBe(201);
    return { ...org, admin, fileId: (res.body as { id: string }).id };
  }

  async function checkForm(
    admin: TestClient,
    organizationId: string,
    values: Record<string, string>,
    validate = true,
  ) {
    const doc = await createProcessedDocument(
      server.db,
      organizationId,
      'Olive proficiency check.pdf',
      ['INSTRUCTOR PROFICIENCY CHECK'],
      Object.entries(values).map(([fieldName, value]) => ({ fieldName, value })),
    );
    if (validate) {
      const fields = (await admin.get(`/api/documents/${doc.id}/extracted-data`)).body as {
        id: string;
        extractedValue: string;
      }[];
      for (const f of fields) {
        const res = await admin.post(`/api/extracted-data/${f.id}/validate`, {
          validatedValue: f.extractedValue,
        });
        expect(res.status, JSON.stringify(res.body)).toBe(200);
      }
    }
    return doc.id;
  }

  it('proposes the kind, date and course from the validated fields, and the qualification is recorded with it', async () => {
    const { admin, organization, fileId } = await centre();
    const date = daysFromToday(-40);
    const documentId = await checkForm(admin, organization.id, {
      instructorName: 'OVERDUE, OLIVE',
      eventType: 'Annual proficiency check',
      trainingDate: date,
      result: 'Satisfactory',
      courseName: COURSE,
    });
    const res = await admin.get(`/api/instructors/${fileId}/evidence/${documentId}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({
      validated: true,
      personMatches: true,
      kind: 'proficiency_check_142_53_a7',
      kindFrom: 'Annual proficiency check',
      completedAt: date,
      course: COURSE,
      problems: [],
    });
    const saved = await admin.post(`/api/instructors/${fileId}/qualifications`, {
      kind: res.body.kind,
      completedAt: res.body.completedAt,
      documentId,
    });
    expect(saved.status).toBe(201);
    expect(saved.body.qualifications[0]).toMatchObject({
      kind: 'proficiency_check_142_53_a7',
      documentId,
    });
  });

  it('proposes nothing from a document whose fields are not validated', async () => {
    const { admin, organization, fileId } = await centre();
    const documentId = await checkForm(
      admin,
      organization.id,
      { instructorName: 'Olive Overdue', eventType: 'Proficiency check' },
      false,
    );
    const res = await admin.get(`/api/instructors/${fileId}/evidence/${documentId}`);
    expect(res.body).toMatchObject({ validated: false, kind: null, completedAt: null });
    expect(res.body.problems[0]).toMatch(/not validated yet/);
  });

  it('says when the document is about someone else, was not passed, or names no known kind', async () => {
    const { admin, organization, fileId } = await centre();
    const documentId = await checkForm(admin, organization.id, {
      instructorName: 'Casey Current',
      eventType: 'Type rating practical test',
      trainingDate: daysFromToday(-900),
      result: 'Unsatisfactory',
    });
    const res = await admin.get(`/api/instructors/${fileId}/evidence/${documentId}`);
    expect(res.body.personMatches).toBe(false);
    expect(res.body.kind).toBeNull();
    expect(res.body.problems).toEqual([
      'The document names “Casey Current”, not Olive Overdue.',
      '“Type rating practical test” is not one of the qualifications a file records: choose the kind by hand.',
      expect.stringMatching(/is before Olive Overdue’s employment began/),
      'The document records the result “Unsatisfactory”: an event not passed does not complete a requirement.',
    ]);
  });

  it('keeps organizations and roles apart', async () => {
    const { admin, organization, fileId } = await centre();
    const documentId = await checkForm(admin, organization.id, { eventType: 'Proficiency check' });
    const other = await centre();
    expect(
      (await other.admin.get(`/api/instructors/${fileId}/evidence/${documentId}`)).status,
    ).toBe(404);
    expect(
      (await other.admin.get(`/api/instructors/${other.fileId}/evidence/${documentId}`)).status,
    ).toBe(404);
    const auditor = await signedIn(
      server,
      (await createMember(server.db, organization.id, 'auditor')).email,
    );
    expect((await auditor.get(`/api/instructors/${fileId}/evidence/${documentId}`)).status).toBe(
      403,
    );
  });
});
