import { describe, expect, it } from 'vitest';
import { classifyDocument } from './classify';
import { documentStanding, evidenceNote } from './standing';

const classify = (originalName: string, text: string, fieldNames: string[] = []) =>
  classifyDocument({ originalName, text, fieldNames });
const standing = (originalName: string, text: string) =>
  documentStanding({ originalName, text, fieldNames: [] });

describe('document classification', () => {
  it('sorts by wording and extracted fields, and falls back to other', () => {
    const type = (originalName: string, text: string, fieldNames: string[] = []) =>
      classify(originalName, text, fieldNames).type;
    expect(
      type('TSpecs.pdf', 'Training specifications issued by the FAA. Authorized courses.'),
    ).toBe('training-specifications');
    expect(type('log.pdf', 'Flight simulator discrepancy log and daily preflight check')).toBe(
      'fstd-record',
    );
    expect(type('scan.jpg', 'Name Jordan', ['studentName', 'trainingDate', 'courseName'])).toBe(
      'training-record',
    );
    expect(type('CE-560XL Syllabus.pdf', 'Lesson 1. Completion standards.')).toBe(
      'syllabus-curriculum',
    );
    expect(type('notes.pdf', 'The weather was fine.')).toBe('other');
  });

  it('says how sure it is: clear documents high, ties and near-misses low', () => {
    const airman = classify(
      'Form 8710-1 Smith.pdf',
      'AIRMAN CERTIFICATE AND/OR RATING APPLICATION. Date of birth 1990-04-02. SIGNATURE OF APPLICANT',
    );
    expect(airman.type).toBe('certificate');
    expect(airman.confidence).toBeGreaterThanOrEqual(0.75);
    const outline = classify(
      'Instructor Course Outline.pdf',
      'INSTRUCTOR COURSE OUTLINE. The instructor ground course covers the fundamentals of learning.',
    );
    expect(outline.type).toBe('syllabus-curriculum');
    const tie = classify('scan.pdf', 'syllabus. training record.');
    expect(tie.confidence).toBeLessThan(0.45);
    // Nothing of any kind: fairly sure it is none of them; a near-miss, much less so.
    expect(classify('notes.pdf', 'The weather was fine.').confidence).toBe(0.6);
    expect(classify('notes.pdf', 'The student liked the course.').confidence).toBeLessThan(0.45);
    for (const c of [airman, outline, tie]) {
      expect(c.confidence).toBeGreaterThanOrEqual(0);
      expect(c.confidence).toBeLessThanOrEqual(1);
    }
  });

  it('reads what a document calls itself before what its body talks about', () => {
    // A procedure about training records is a manual section, not a training record.
    const procedure = classify(
      'Records Procedure RP-2.pdf',
      'RECORDS PROCEDURE RP-2: ARCHIVING TRAINEE FILES\nEach training record is scanned after the course. The training record and the trainee record index are kept for five years. Training records of instructors are filed separately.',
    );
    expect(procedure.strongTypes).toContain('manual');
    const paragraph = classify('TS C070 Equipment.pdf', 'Training specifications paragraph C070');
    expect(paragraph.type).toBe('training-specifications');
    const report = classify(
      'Quarterly Records Audit Report Q3.pdf',
      'RECORDS AUDIT — Q3\nFindings: two files missing a medical certificate copy; corrective action opened.',
    );
    expect(report.strongTypes).toContain('log-report');
    // An instructor's own check is an instructor record, though it reads like a trainee's form.
    const check = classify(
      'upload.pdf',
      'INSTRUCTOR PROFICIENCY CHECK\nInstructor: Casey Current\nEvent Type: Annual proficiency check\nTraining Date: 2026-10-26\nResult: Satisfactory\nCourse: Citation CE-525 Type Rating',
      ['instructorName', 'eventType', 'trainingDate', 'result', 'courseName'],
    );
    expect(check.type).toBe('instructor-record');
    // A trainee's record that names its instructor and a recurrent event stays a training record.
    const record = classify(
      'upload.pdf',
      'TRAINING RECORD\nStudent: Avery Trainee\nInstructor: Casey Current, recurrent\nTraining Date: 2026-10-26',
      ['studentName', 'instructorName', 'trainingDate'],
    );
    expect(record.type).toBe('training-record');
  });

  it('names every type a document shows strongly, such as a procedure with its log', () => {
    const both = classify(
      'Device Preflight Procedure and Log - May.pdf',
      'DAILY FUNCTIONAL PREFLIGHT CHECK — PROCEDURE AND LOG\nThe technician completes the functional preflight before the first session. Discrepancy log entries are reviewed by the simulator engineer.',
    );
    expect(both.strongTypes).toEqual(expect.arrayContaining(['fstd-record', 'manual']));
  });
});

describe('document standing', () => {
  it('finds drafts, blank forms, pending approvals and superseded copies', () => {
    expect(standing('Quality Manual Chapter 4 (DRAFT).pdf', 'Chapter 4').provisional?.reason).toBe(
      'marked as a draft',
    );
    expect(
      standing(
        'Letter.pdf',
        'Our revised curriculum was submitted for FAA approval on 3 June; no reply has been received.',
      ).provisional?.reason,
    ).toBe('submitted for approval');
    expect(
      standing(
        'Designation.pdf',
        'The candidate may observe checks but may not conduct them until the FAA letter of authority is issued.',
      ).provisional?.reason,
    ).toBe('still awaiting approval');
    expect(standing('Form 12 (blank).pdf', 'Trainee').provisional?.reason).toBe(
      'a blank form or template',
    );
    const form = [
      'DEVICE CHECK FORM',
      'Device: ________',
      'Date: ________',
      'Technician: ________',
      'Result: ☐ Pass ☐ Fail',
      'Remarks: ________',
      'Signature: ________',
    ].join('\n');
    expect(standing('Device Check.pdf', form).provisional?.reason).toBe(
      'a form with its entries left blank',
    );
    // The same lines on a record whose values were read: filled in, signature lines and all.
    expect(
      documentStanding({
        originalName: 'Device Check.pdf',
        text: form,
        fieldNames: ['trainingDate', 'instructorName'],
      }).provisional,
    ).toBeNull();
    expect(standing('Manual Rev 7 (superseded).pdf', 'Revision 7').provisional).not.toBeNull();
    expect(
      standing(
        'Curriculum.pdf',
        'Harbor Sim\nCE-525 INITIAL CURRICULUM\nRevision 0 · DRAFT FOR FAA REVIEW',
      ).provisional?.reason,
    ).toBe('marked as a draft');
    expect(standing('Checklist_Form_blank.pdf', 'Checklist').provisional?.reason).toBe(
      'a blank form or template',
    );
    // A log of what was proposed is not itself a proposal.
    expect(
      standing(
        'FAA Submission Log.pdf',
        'FAA SUBMISSION LOG 2021-2026\nDate  Subject  Status\n03/2024  Training specifications amendment\n04/2024  Proposed amendment accepted by the FSDO',
      ).provisional,
    ).toBeNull();
  });

  it('reads a page typed as paragraphs only as far as its title', () => {
    // A DOCX paragraph is one line: "the first three lines" would be the whole page.
    const log =
      'HALVORSEN AERONAUTICAL TRAINING — LOG OF SUBMISSIONS TO THE FLIGHT STANDARDS OFFICE (every certificate and training-program application since the center was founded). Columns: ref / what was filed / date sent / proposed start or effective date / FAA reply.\nH-21-01 / initial certificate / 01/11/2021 / 06/01/2021 / issued 05/24/2021.';
    expect(standing('FAA_Submission_Log_2021-2026.docx', log).provisional).toBeNull();
    const manual =
      'OPERATIONS MANUAL, SECTION 1.9: IF OUR CERTIFICATE ENDS OR IS SUSPENDED. 1.9.1 Trigger. This section applies the moment the Academy surrenders its certificate. 1.9.2 Signs and markings. Within 24 hours the Facilities Coordinator removes every sign, decal, banner, letterhead, business card stock and email signature template.';
    expect(standing('Operations_Manual_Sec1-9.docx', manual).provisional).toBeNull();
    expect(standing('Operations_Manual_Sec1-9.docx', `DRAFT — ${manual}`).provisional?.reason).toBe(
      'marked as a draft',
    );
  });

  it('leaves documents in force alone, including those that mention approvals and blanks', () => {
    for (const [name, text] of [
      [
        'Procedure.pdf',
        'A curriculum is suspended pending review if the pass rate falls. Certificates for incomplete trainees are not issued.',
      ],
      ['Log.pdf', '08/21 FAIL visual channel blank; released after repair. Sample: 10 records.'],
      [
        'Certificate.pdf',
        'This certificate, unless sooner surrendered, suspended or revoked, shall continue in effect.',
      ],
    ]) {
      expect(standing(name!, text!).provisional, name).toBeNull();
    }
  });

  it('knows a document about one person from a register about many', () => {
    expect(standing('Instructor Designation - R. Okafor.pdf', 'Designation').person).toEqual({
      name: 'R. Okafor',
    });
    expect(standing('Instructor Roster - J. K. Lee.pdf', 'Roster').person).toBeNull();
    expect(standing('Designation Matrix 2025.pdf', 'Matrix').person).toBeNull();
  });

  it('takes brochures, web pages and sales copy for advertising', () => {
    expect(standing('Citation Course Flyer.pdf', 'Fly the CJ3').promotional).toBe(true);
    const sales =
      'Ready for your type rating? Our instructors will get you there. You train on our simulators, you choose your dates and we handle your checkride. Your success is our goal. You will love it, and you can start today.';
    expect(standing('Programs.pdf', sales).promotional).toBe(true);
    expect(
      standing('TCM 5.2 Scheduling.pdf', 'The scheduler assigns instructors.').promotional,
    ).toBe(false);
  });

  it('notes the entries a record marks as not done, not the words of a procedure', () => {
    const log = standing(
      'Preflight Log - FTD 2.pdf',
      '06/10 0600 session; preflight 0815 (late)\n06/14 no record of preflight\n06/21 FAIL motion; device used 0900',
    );
    expect(log.adverse).toEqual(['no record', 'fail']);
    const gap = standing('Preflight Log.pdf', '06/13  0516  PASS  E. Smith\n06/14  —  —  —\n');
    expect(gap.adverse).toEqual(['a dated entry left blank']);
    expect(
      standing('Management Summary.pdf', 'Chief Instructor — lacks the required type rating')
        .adverse,
    ).toEqual(['lacks']);
    expect(
      standing('TCM 6.2.pdf', 'A trainee who fails a check receives additional training.').adverse,
    ).toEqual([]);
  });

  it('notes a document of any kind that says something required was not done', () => {
    const memo = standing(
      'Delivery Comparison Memo.pdf',
      'Module MV-2 was cut from 4.0 to 2.5 hours. Neither change was sent to or approved by the FAA. Recommendation: stop using the local guide.',
    );
    expect(memo.breach).toEqual(['was cut', 'neither change was sent', 'stop using']);
    const log = standing(
      'Discrepancy Log.pdf',
      'Item 31 open three days. FAA allowance for use with the item open: none requested. The scheduling office was not told.',
    );
    expect(log.breach).toEqual(['none requested', 'was not told']);
    expect(standing('Position Description.pdf', 'Position currently: vacant').breach).toEqual([
      'vacant',
    ]);
    // What shall be done, and a record of what was: neither says anything was left undone.
    expect(
      standing(
        'TCM 4.1.pdf',
        'A device shall not be used until the discrepancy is corrected or deferred. The evaluator must be told before the check.',
      ).breach,
    ).toEqual([]);
    expect(
      standing('Preflight Log.pdf', '06/13 0516 PASS E. Smith; discrepancy 14 corrected and signed')
        .breach,
    ).toEqual([]);
    expect(evidenceNote(memo)).toMatch(/only in part.*“was cut”/);
  });
});
