import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DocumentType, RequirementAnalysis } from '@shared/api/audit';
import { DRIVERS } from '../../test/harness';
import { createOrganization, signedIn } from '../../test/factories';
import { startAuditServer, type AuditTestServer } from '../../test/audit/server';
import { seedDocument, seedEvents } from '../../test/audit/seed';
import { CRITERIA } from './rules/criteria';
import { criteriaOf, ruleGroupOf } from './rules/groups';

/**
 * The evidence standard seen from the user's side: what an organization holding only trainee
 * records and certificates gets, the keyword traps an independent tester found, and a manual
 * chapter that really covers an item.
 */

const TRAINING_RECORD_SMITH = `PILOT TRAINING RECORD - Northwind Aviation Training Center
Trainee: John Smith    Certificate No.: 3456789    Course: CE-560XL initial type rating
Flight training equipment: CE-560XL full flight simulator, FAA ID 0452, qualification level D
Lesson 13 Normal procedures - satisfactory. Lesson 14 Engine failure at V1 - satisfactory.
Instructor: Dana Reyes. Training and checking required by the approved curriculum completed.
SIGNATURE OF APPLICANT ______________    Instructor signature ______________`;

const AIRMAN_APPLICATION_SMITH = `AIRMAN CERTIFICATE AND/OR RATING APPLICATION
I. Application for: airline transport pilot, CE-560XL type rating. Name: John Smith. Date of birth: 1990-04-02.
Pilot certificate: commercial 3456789. Medical certificate: first class, issued 2025-01-10.
III. Graduate of approved course: Northwind Aviation Training Center, Part 142 certificate NWTC123X.
Total time 1,520 hours; pilot in command 610 hours. The applicant completed the training and checking
required by the approved curriculum; no reduced hours were credited.
SIGNATURE OF APPLICANT ______________   Date 2025-03-20`;

const COMPLETION_SHAH = `CERTIFICATE OF COMPLETION
This is to certify that Priya Shah has satisfactorily completed the CE-560XL pilot initial type
rating course at Northwind Aviation Training Center, an FAA Part 142 training center, certificate
No. NWTC123X, including the training and checking required by the approved curriculum.
Issued 2025-03-15. Director of Training ______________`;

const TRAINEE_KINDS: readonly DocumentType[] = ['training-record', 'certificate', 'grade-sheet'];

describe.each(DRIVERS)('the evidence standard (%s)', (driver) => {
  let server: AuditTestServer;
  let byItem: Map<string, RequirementAnalysis>;
  let body: { summary: Record<string, number>; complianceReport: string };
  beforeAll(async () => {
    server = await startAuditServer(driver, { namespace: `audit-standard-${driver}` });
    const { organization, email } = await createOrganization(server.db);
    await seedDocument(server.db, organization.id, 'Training Record Smith.pdf', [
      TRAINING_RECORD_SMITH,
    ]);
    await seedDocument(server.db, organization.id, 'Form 8710-1 Smith.pdf', [
      AIRMAN_APPLICATION_SMITH,
    ]);
    await seedDocument(server.db, organization.id, 'Certificate of Completion Shah.pdf', [
      COMPLETION_SHAH,
    ]);
    await seedEvents(server.db, organization.id, [
      {
        studentName: 'John Smith',
        course: 'CE-560XL initial',
        eventType: 'Simulator session',
        eventDate: '2025-03-01',
        instructor: 'Dana Reyes',
        licenseNumber: '3456789',
      },
      {
        studentName: 'John Smith',
        course: 'CE-560XL initial',
        eventType: 'Proficiency check',
        eventDate: '2025-03-05',
        evaluator: 'Sam Ortiz',
        result: 'Pass',
        licenseNumber: '3456789',
      },
      {
        studentName: 'Priya Shah',
        course: 'CE-560XL initial',
        eventType: 'Simulator session',
        eventDate: '2025-03-08',
        instructor: 'Dana Reyes',
        licenseNumber: '4567890',
      },
      {
        // Imported records often say "completed" for a check that was not passed.
        studentName: 'Priya Shah',
        course: 'CE-560XL initial',
        eventType: 'Proficiency check',
        eventDate: '2025-03-12',
        evaluator: 'Sam Ortiz',
        result: 'Unsatisfactory',
        licenseNumber: '4567890',
      },
    ]);
    const admin = await signedIn(server, email);
    const res = await admin.post('/api/audit/analyze-compliance');
    expect(res.status).toBe(200);
    body = res.body;
    byItem = new Map(
      res.body.analyses.map((a: RequirementAnalysis) => [a.checklistItemId, a] as const),
    );
  });
  afterAll(async () => {
    await server?.close();
  });

  it('calls COMPLIANT only items whose standard admits trainee records, certificates or the records themselves', () => {
    const compliant = [...byItem.values()].filter((a) => a.complianceStatus === 'COMPLIANT');
    for (const a of compliant) {
      const group = ruleGroupOf(a.checklistItemId)!;
      const admitsTraineeDocuments = criteriaOf(group, a.checklistItemId).some((id) =>
        CRITERIA.get(id)!.kinds.some((k) => TRAINEE_KINDS.includes(k)),
      );
      const provenByRecords = group.recordsSuffice?.includes(a.checklistItemId) ?? false;
      expect(admitsTraineeDocuments || provenByRecords, `${a.checklistItemId} is COMPLIANT`).toBe(
        true,
      );
    }
    // The records prove these on their own: names on every record, tests on time.
    expect(byItem.get('8-02')!.complianceStatus).toBe('COMPLIANT');
    expect(byItem.get('9-16')!.complianceStatus).toBe('COMPLIANT');
    expect(byItem.get('9-16')!.preliminaryResponse).toContain(
      'All 2 checks in the training records followed training within 7 calendar days.',
    );
    expect(compliant.length).toBeLessThan(10);
  });

  it('counts in the overall figure only items that rest on evidence', () => {
    for (const a of byItem.values()) {
      if (a.complianceStatus !== 'COMPLIANT' && a.complianceStatus !== 'PARTIAL') continue;
      const group = ruleGroupOf(a.checklistItemId)!;
      const recordChecked = group.recordChecks?.[a.checklistItemId] !== undefined;
      expect(a.evidence.length > 0 || recordChecked, `${a.checklistItemId}`).toBe(true);
    }
    const counted = body.summary.compliant! + body.summary.partial!;
    expect(body.complianceReport).toContain(
      `Overall compliance (compliant + partial): ${Math.round((counted / 200) * 100)}%`,
    );
  });

  it('does not take a device named on a training record form for the device’s qualification', () => {
    for (const number of ['7-01', '2-03', '6-10']) {
      const a = byItem.get(number)!;
      expect(a.complianceStatus, number).toBe('INSUFFICIENT_DATA');
      expect(a.evidence, number).toEqual([]);
    }
    expect(byItem.get('7-01')!.preliminaryResponse).toContain(
      'in Training Record Smith.pdf (page 1), but a training record cannot show FAA qualification of each flight simulation training device.',
    );
    expect(byItem.get('7-01')!.additionalDocumentsNeeded).toEqual([
      'FSTD statement of qualification for each device (a simulator or FSTD record or the training specifications)',
    ]);
  });

  it('does not take an airman’s “SIGNATURE OF APPLICANT” for the center’s application or reduced hours', () => {
    for (const number of ['4-17', '1-14', '3-07', '2-13']) {
      expect(byItem.get(number)!.complianceStatus, number).toBe('INSUFFICIENT_DATA');
    }
    const reduced = byItem.get('4-17')!.preliminaryResponse;
    expect(reduced).toContain(
      'in Training Record Smith.pdf (page 1), but a training record cannot show applications to the FAA for issuance or amendment.',
    );
    expect(reduced).toContain('in Form 8710-1 Smith.pdf (page 1), but a certificate cannot show');
    expect(reduced).toContain('What would settle it: Certificate applications');
  });

  it('does not take “the approved curriculum” on trainee papers for a syllabus or an FAA approval', () => {
    for (const number of ['3-01', '3-02', '2-12', '4-01', '1-30']) {
      expect(byItem.get(number)!.complianceStatus, number).not.toBe('COMPLIANT');
    }
    expect(byItem.get('3-01')!.preliminaryResponse).toContain(
      'Found “curriculum” in Certificate of Completion Shah.pdf (page 1), but a certificate cannot show a syllabus or curriculum document.',
    );
  });

  it('does not take a trainee’s certificate of completion for the center’s certificate', () => {
    for (const number of ['1-09', '1-06', '1-18', '1-27']) {
      expect(byItem.get(number)!.complianceStatus, number).toBe('INSUFFICIENT_DATA');
    }
  });

  it('holds the unsatisfactory check against the items about passing, graduation and additional training', () => {
    const cited = 'Priya Shah, Proficiency check on 2025-03-12 (Unsatisfactory)';
    for (const number of ['8-08', '10-17']) {
      const a = byItem.get(number)!;
      expect(a.complianceStatus, number).toBe('NON_COMPLIANT');
      expect(a.preliminaryResponse).toContain(
        `unsatisfactory checks have no additional training recorded after them: ${cited}.`,
      );
      expect(a.preliminaryResponse).not.toContain('no additional training was due');
    }
    for (const number of ['4-06', '4-07', '4-08', '10-08']) {
      const a = byItem.get(number)!;
      expect(a.complianceStatus, number).toBe('NON_COMPLIANT');
      expect(a.preliminaryResponse).toContain(
        `The records show a trainee finished without passing: ${cited}, yet Certificate of Completion Shah.pdf certifies completion`,
      );
    }
  });

  it('gives COMPLIANT for a manual chapter that covers the item, PARTIAL where records are needed', async () => {
    const { organization, email } = await createOrganization(server.db);
    await seedDocument(server.db, organization.id, 'Training Center Manual Rev 4 - Chapter 3.pdf', [
      `TRAINING CENTER MANUAL - Revision 4 - Chapter 3 Recordkeeping and Chapter 5 Simulator operations.
3.4 Retention. Trainee records are retained for at least 1 year after the trainee completes the training,
testing or checking. Instructor and evaluator qualification records are retained while the person is
employed and for 1 year after; records of recurrent proficiency checks are retained for at least 1 year.
3.5 Protection. Records are stored in locked fireproof cabinets with a daily electronic backup; access is
limited to records staff.
5.2 Testing and checking. During testing and checking the freeze, slow motion and repositioning features
of the flight simulator are not used. A daily functional preflight check of each flight simulator is done
before the first session of the day.`,
    ]);
    await seedDocument(server.db, organization.id, 'Training Record Lee.pdf', [
      'TRAINING RECORD. Trainee: Sam Lee. Course: CE-560XL recurrent. Flight simulator session 3 satisfactory; records retained by the training center. Instructor: Dana Reyes.',
    ]);
    const admin = await signedIn(server, email);
    const res = await admin.post('/api/audit/analyze-compliance');
    const analyses = new Map<string, RequirementAnalysis>(
      res.body.analyses.map((a: RequirementAnalysis) => [a.checklistItemId, a]),
    );
    for (const number of ['8-10', '8-11', '8-12', '6-08', '9-04']) {
      const a = analyses.get(number)!;
      expect(a.complianceStatus, number).toBe('COMPLIANT');
      expect(a.evidence[0]!.documentName).toBe('Training Center Manual Rev 4 - Chapter 3.pdf');
    }
    const preflight = analyses.get('7-07')!;
    expect(preflight.complianceStatus).toBe('PARTIAL');
    expect(preflight.preliminaryResponse).toContain(
      'Training Center Manual Rev 4 - Chapter 3.pdf (page 1) shows daily functional preflight checks of each device only in part: a procedure requires the daily check; only device records show it done.',
    );
    expect(preflight.requiredActions).toEqual([
      'Provide daily functional preflight checks of each device.',
    ]);
  });
});

describe.each(DRIVERS)('documents that show intent, sales or one person (%s)', (driver) => {
  let server: AuditTestServer;
  beforeAll(async () => {
    server = await startAuditServer(driver, { namespace: `audit-standing-${driver}` });
  });
  afterAll(async () => {
    await server?.close();
  });

  async function analyse(documents: [string, string][]) {
    const { organization, email } = await createOrganization(server.db);
    for (const [name, text] of documents)
      await seedDocument(server.db, organization.id, name, [text]);
    const admin = await signedIn(server, email);
    const res = await admin.post('/api/audit/analyze-compliance');
    expect(res.status).toBe(200);
    return new Map<string, RequirementAnalysis>(
      res.body.analyses.map((a: RequirementAnalysis) => [a.checklistItemId, a]),
    );
  }

  it('does not count a draft quality manual or a brochure, and says why', async () => {
    const analyses = await analyse([
      [
        'Quality Manual Chapter 10 (DRAFT).pdf',
        'QUALITY MANUAL CHAPTER 10 - DRAFT FOR DISCUSSION. 10.1 Quality control: the quality manager runs an internal audit of trainee records every quarter and tracks each finding to correction.',
      ],
      [
        'Jet Programs Brochure.pdf',
        'Fly with the best! Our quality control keeps your training on track. You choose your dates, you train on our Level D simulators and you leave type rated. Your career is our mission, and you will love our internal audit-ready records. Call us today, you will not regret it.',
      ],
    ]);
    const quality = analyses.get('10-01')!;
    expect(quality.complianceStatus).toBe('INSUFFICIENT_DATA');
    expect(quality.preliminaryResponse).toContain(
      'in Quality Manual Chapter 10 (DRAFT).pdf (page 1), but that document is marked as a draft: it shows what is intended, not what is done or in force, so it does not count as evidence.',
    );
    expect(quality.preliminaryResponse).toContain(
      'in Jet Programs Brochure.pdf (page 1), but that document is advertising',
    );
  });

  it('judges 142.53(b) from the aircraft, line or in-flight observation each instructor met, not from recurrent training', async () => {
    const register = await analyse([
      [
        'Simulator Instructors 142.53(b) Register 2026.pdf',
        'HARBOR SIM — INSTRUCTORS IN THE CE-525 LEVEL D FULL FLIGHT SIMULATOR (approved for all training and testing for the type rating): 142.53(b) OPTION MET. Dana Reyes: 2.2 hours in a CE-525 aircraft with 3 takeoffs and 3 landings as sole manipulator, 04/02/2026. Sam Ortiz: carrier line observation program, 2 segments, and 1.1 hours of LOFT as sole manipulator in the simulator, 05/14/2026.',
      ],
    ]);
    expect(register.get('5-13')!.complianceStatus).toBe('COMPLIANT');
    expect(register.get('5-13')!.evidence[0]!.documentName).toBe(
      'Simulator Instructors 142.53(b) Register 2026.pdf',
    );
    // Recurrent training records alone do not say which option an instructor met.
    const recurrent = await analyse([
      [
        'Instructor Recurrent Training Register 2026.pdf',
        'HARBOR SIM — INSTRUCTOR RECURRENT TRAINING AND PROFICIENCY CHECKS, every 12 calendar months. Dana Reyes: recurrent ground training and proficiency check completed 03/2026. Sam Ortiz: recurrent ground training and proficiency check completed 04/2026.',
      ],
    ]);
    expect(recurrent.get('5-13')!.complianceStatus).not.toBe('COMPLIANT');
  });

  it('takes one instructor’s designation letter as part of “every instructor”, and a matrix naming everyone on record as the whole', async () => {
    const letter: [string, string] = [
      'Instructor Designation - R. Okafor.pdf',
      'INSTRUCTOR DESIGNATION. Rafael Okafor is designated in writing as an instructor for the approved course LR45-R Learjet 45 Recurrent, effective 2025-03-01. Director of Training.',
    ];
    const single = (await analyse([letter])).get('5-05')!;
    expect(single.complianceStatus).toBe('PARTIAL');
    expect(single.preliminaryResponse).toContain(
      'shows written designation of instructors for each course only in part: it is about R. Okafor alone, and the item asks about every instructor.',
    );
    const matrix = (
      await analyse([
        letter,
        [
          'Instructor Designation Matrix 2025.pdf',
          'INSTRUCTOR DESIGNATION MATRIX. Each instructor is designated in writing for each approved course before teaching it. Rafael Okafor LR45-R designation letter 2025-03-01. Tessa Silverstein LR45-I designation letter 2023-01-10.',
        ],
      ])
    ).get('5-05')!;
    expect(matrix.complianceStatus).toBe('COMPLIANT');
  });
});
