import { describe, expect, it } from 'vitest';
import { buildLines, pageTextOf } from '../reading/lines';
import type { Correction, ExtractedFieldCandidate, PageText, ReadResult } from '../reading/types';
import { extractFields, mapTableColumns } from './extract-fields';

/** A page typed as lines; tabs (or 3+ spaces) separate form columns, as the readers emit them. */
function typed(...lines: string[]): ReadResult {
  const page: PageText = {
    page: 1,
    text: lines.join('\n'),
    lines: lines.map((text) => ({ text, confidence: 1 })),
    source: 'docx',
  };
  return { pages: [page], tables: [] };
}

/** A page of positioned text ([text, x, y] in points, 11 pt), grouped into lines like a PDF. */
function placed(items: [string, number, number][], confidence = 1): ReadResult {
  const lines = buildLines(
    items.map(([text, x, y]) => ({
      text,
      box: { x0: x, y0: y, x1: x + text.length * 5.5, y1: y + 11 },
      confidence,
    })),
    1.1,
  );
  return { pages: [{ page: 1, text: pageTextOf(lines), lines, source: 'text-layer' }], tables: [] };
}

const values = (fields: ExtractedFieldCandidate[]) =>
  Object.fromEntries(fields.map((f) => [f.fieldName, f.value]));
const extract = (read: ReadResult, corrections: Correction[] = []) =>
  values(extractFields(read, corrections));

describe('label wordings', () => {
  it.each([
    ['Student Name: Jordan Ellis', 'studentName', 'Jordan Ellis'],
    ['Trainee: JORDAN ELLIS', 'studentName', 'Jordan Ellis'],
    ['Applicant Name: Ellis, Jordan A.', 'studentName', 'Jordan A. Ellis'],
    ['Pilot: Kwame Osei', 'studentName', 'Kwame Osei'],
    ["Name: O'BRIEN, MAYA", 'studentName', "Maya O'Brien"],
    ['Crewmember: Clara McAllister', 'studentName', 'Clara McAllister'],
    ['Certificate No.: 3456789', 'licenseNumber', '3456789'],
    ['Cert # 3456789', 'licenseNumber', '3456789'],
    ['Licence Number: 34567890', 'licenseNumber', '34567890'],
    ['Airman Certificate #: 2345678901', 'licenseNumber', '2345678901'],
    ['Pilot Certificate No. 345 6789', 'licenseNumber', '3456789'],
    ['DOB: 14 March 1990', 'dateOfBirth', '1990-03-14'],
    ['Date of Birth: 03/14/90', 'dateOfBirth', '1990-03-14'],
    ['Birth Date: 1990-03-14', 'dateOfBirth', '1990-03-14'],
    ['CFI: Sam Cole', 'instructorName', 'Sam Cole'],
    ['Evaluator: Priya Patel', 'instructorName', 'Priya Patel'],
    ['Check Airman: Owen Hughes', 'instructorName', 'Owen Hughes'],
    [
      'Curriculum: Citation CJ3 Initial Pilot Training',
      'courseName',
      'Citation CJ3 Initial Pilot Training',
    ],
    [
      'Training Program: King Air 350 Recurrent Course',
      'courseName',
      'King Air 350 Recurrent Course',
    ],
    ['Completion Date: March 3, 2024', 'trainingDate', '2024-03-03'],
    ['Date of Training: 03-MAR-2024', 'trainingDate', '2024-03-03'],
    ['Date: 3/3/2024', 'trainingDate', '2024-03-03'],
    ['Type of Training: RECURRENT', 'eventType', 'Recurrent'],
    ['Event Type: Proficiency Check', 'eventType', 'Proficiency Check'],
    ['Check Type: upgrade', 'eventType', 'Upgrade'],
    ['Certificate Type: ATP - AMEL', 'certificateType', 'Airline Transport Pilot'],
    ['Grade of Certificate: Commercial', 'certificateType', 'Commercial Pilot'],
    ['Certificate Held: CFI', 'certificateType', 'Flight Instructor'],
    [
      'Address: 1234 Maple Ave, Springfield, IL 62704',
      'address',
      '1234 Maple Ave, Springfield, IL 62704',
    ],
    [
      'Mailing Address: 55 Oak Street Salt Lake City UT 84101',
      'address',
      '55 Oak Street, Salt Lake City, UT 84101',
    ],
  ])('%s', (line, field, expected) => {
    expect(extract(typed(line))[field]).toBe(expected);
  });

  it('forgives OCR slips in long labels', () => {
    expect(extract(typed('Studemt Name: Jordan Ellis', 'Date of Birh: 03/14/1990'))).toMatchObject({
      studentName: 'Jordan Ellis',
      dateOfBirth: '1990-03-14',
    });
  });

  it('does not take the instructor certificate number or other dates for the student', () => {
    const fields = extract(
      typed(
        'Instructor Certificate No.: 9876543',
        'Expiration Date: 01/01/2026',
        'Record No.: TR-2024-0183',
      ),
    );
    expect(fields.licenseNumber).toBeUndefined();
    expect(fields.trainingDate).toBeUndefined();
  });
});

describe('layouts', () => {
  it('reads past the rest of a longer label, and takes no label or sentence for a course', () => {
    expect(
      extract(
        typed('Candidate\tLUCIA O’BRIEN', 'Curriculum reference: King Air 350 Pilot Training'),
      ),
    ).toMatchObject({ courseName: 'King Air 350 Pilot Training' });
    const fields = extract(
      typed(
        'Candidate\tLucia O’Brien',
        'Course\tCategory of training',
        'Program: at Pacific Crest Training Center on 09-06-2022 Entries on this',
      ),
    );
    expect(fields.studentName).toBe('Lucia O’Brien');
    expect(fields.courseName).toBeUndefined();
  });

  it('takes none of a row of printed options when no tick box was read', () => {
    const fields = extract(
      typed(
        'Crewmember\tVasquez, Samuel',
        'Grade\tPrivate\tCommercial\tATP\tCFI',
        'Type of training\tUpgrade\tTransition\tRequalification\tDifferences',
        'Outcome\tSatisfactory',
      ),
    );
    expect(fields.studentName).toBe('Samuel Vasquez');
    expect(fields.certificateType).toBeUndefined();
    expect(fields.eventType).toBeUndefined();
    expect(fields.result).toBe('Satisfactory');
    // One value beside its label is a value, whatever follows it on the row.
    expect(
      extract(typed('Certificate Type\tCommercial Pilot\tDate of Birth\t05/18/1978'))
        .certificateType,
    ).toBe('Commercial Pilot');
  });

  it('reads several labelled values typed on one line', () => {
    expect(
      extract(typed('Certificate No.: 3456789 Date of Birth: 03/14/1990 Instructor: Sam Cole')),
    ).toMatchObject({
      licenseNumber: '3456789',
      dateOfBirth: '1990-03-14',
      instructorName: 'Sam Cole',
    });
  });

  it('reads values across a wide gap, without colons', () => {
    const read = placed([
      ['Trainee', 60, 100],
      ['Jordan Ellis', 220, 100],
      ['Cert #', 60, 125],
      ['3456789', 220, 125],
      ['Completion Date', 60, 150],
      ['April 9, 2023', 220, 150],
    ]);
    expect(extract(read)).toMatchObject({
      studentName: 'Jordan Ellis',
      licenseNumber: '3456789',
      trainingDate: '2023-04-09',
    });
  });

  it('reads values below their labels in a grid, column by column', () => {
    const read = placed([
      ['Student', 60, 100],
      ['Certificate No.', 250, 100],
      ['Date', 380, 100],
      ['Jordan Ellis', 60, 114],
      ['3456789', 250, 114],
      ['06/30/2022', 380, 114],
    ]);
    expect(extract(read)).toMatchObject({
      studentName: 'Jordan Ellis',
      licenseNumber: '3456789',
      trainingDate: '2022-06-30',
    });
  });

  it('joins an address whose street, city, state and ZIP each have a caption', () => {
    const form = placed([
      ['CERTIFICATE OF TRAINING COMPLETION', 60, 60],
      ['Priya Yamamoto', 60, 100],
      ['Candidate (print full name)', 60, 114],
      ['Flight Instructor', 60, 150],
      ['Grade of certificate held', 60, 164],
      ['5279 Aviation Pkwy', 60, 200],
      ['Scottsdale', 260, 200],
      ['AZ', 400, 200],
      ['85295', 460, 200],
      ['Street address', 60, 214],
      ['City', 260, 214],
      ['State', 400, 214],
      ['ZIP', 460, 214],
    ]);
    expect(extract(form)).toMatchObject({
      studentName: 'Priya Yamamoto',
      certificateType: 'Flight Instructor',
      address: '5279 Aviation Pkwy, Scottsdale, AZ 85295',
    });
  });

  it('joins a street with the city, state and ZIP boxed on the rows below it', () => {
    const form = placed([
      ['I. APPLICANT INFORMATION', 60, 60],
      ['1. NAME (Last, First, Middle)', 60, 90],
      ['REYES, GRACE', 64, 104],
      ['4. ADDRESS (No. and Street, Apt.)', 60, 130],
      ['8938 CEDAR LN', 64, 144],
      ['CITY', 60, 170],
      ['STATE', 300, 170],
      ['ZIP CODE', 420, 170],
      ['NASHVILLE', 64, 184],
      ['TN', 304, 184],
      ['37201', 424, 184],
      ['5. PLACE OF BIRTH', 60, 210],
      ['TULSA, OK', 64, 224],
    ]);
    expect(extract(form)).toMatchObject({ address: '8938 CEDAR LN, NASHVILLE, TN 37201' });
    // Without the row of captions, the next line is not taken for the city.
    const bare = placed([
      ['4. ADDRESS (No. and Street, Apt.)', 60, 130],
      ['8938 CEDAR LN', 64, 144],
      ['Home phone', 60, 170],
      ['615-555-0100', 64, 184],
    ]);
    expect(extract(bare).address).toBe('8938 CEDAR LN');
  });

  it('reads values typed over their captions, and a grid of labels over values as before', () => {
    const captions = placed([
      ['CERTIFICATE OF TRAINING COMPLETION', 60, 60],
      ['Priya Yamamoto', 60, 100],
      ['7924639437', 300, 100],
      ['Candidate (print full name)', 60, 114],
      ['Pilot certificate number', 300, 114],
      ['February 23, 2025', 60, 150],
      ['Harper Lee Marsh', 300, 150],
      ['Date completed', 60, 164],
      ['Instructor', 300, 164],
    ]);
    expect(extract(captions)).toMatchObject({
      studentName: 'Priya Yamamoto',
      licenseNumber: '7924639437',
      trainingDate: '2025-02-23',
      instructorName: 'Harper Lee Marsh',
    });
    const grid = placed([
      ['TRAINING RECORD', 60, 60],
      ['Student', 60, 100],
      ['Certificate No.', 300, 100],
      ['Jordan Ellis', 60, 114],
      ['3456789', 300, 114],
      ['Date completed', 60, 150],
      ['Instructor', 300, 150],
      ['06/30/2022', 60, 164],
      ['Sam Cole', 300, 164],
    ]);
    expect(extract(grid)).toMatchObject({
      studentName: 'Jordan Ellis',
      licenseNumber: '3456789',
      trainingDate: '2022-06-30',
      instructorName: 'Sam Cole',
    });
  });

  it('joins an address written over two lines', () => {
    const read = placed([
      ['Address', 60, 100],
      ['1234 Maple Ave, Apt 4B', 64, 116],
      ['Springfield, IL 62704', 64, 130],
    ]);
    expect(extract(read).address).toBe('1234 Maple Ave, Apt 4B, Springfield, IL 62704');
  });

  it('reads a signature block with the name above the role', () => {
    const read = placed([
      ['Sam Cole', 100, 500],
      ['Instructor', 110, 530],
      ['Dana Reyes', 400, 500],
      ['Director of Training', 390, 530],
    ]);
    expect(extract(read).instructorName).toBe('Sam Cole');
  });

  it('assigns a plain "Name" under an instructor heading to the instructor', () => {
    const fields = extract(
      typed(
        'STUDENT INFORMATION',
        'Name: Jordan Ellis',
        'Certificate No.: 3456789',
        'INSTRUCTOR INFORMATION',
        'Name: Sam Cole',
        'Certificate No.: 9876543',
      ),
    );
    expect(fields).toMatchObject({
      studentName: 'Jordan Ellis',
      instructorName: 'Sam Cole',
      licenseNumber: '3456789',
    });
  });

  it('reads a completion certificate written as sentences', () => {
    const fields = extract(
      typed(
        'Certificate of Completion',
        'This is to certify that',
        'JORDAN A. ELLIS',
        'Commercial Pilot Certificate No. 3456789',
        'has successfully completed the',
        'Phenom 300 Initial Pilot Training',
        'conducted under 14 CFR Part 142 on September 12, 2024',
      ),
    );
    expect(fields).toMatchObject({
      studentName: 'Jordan A. Ellis',
      licenseNumber: '3456789',
      certificateType: 'Commercial Pilot',
      courseName: 'Phenom 300 Initial Pilot Training',
      trainingDate: '2024-09-12',
      eventType: 'Initial',
    });
  });
});

describe('confidence', () => {
  it('stays between 0 and 1 and is lower for shaky OCR than for a text layer', () => {
    const sharp = extractFields(
      placed([
        ['Student Name:', 60, 100],
        ['Jordan Ellis', 200, 100],
      ]),
      [],
    );
    const shaky = extractFields(
      placed(
        [
          ['Student Name:', 60, 100],
          ['Jordan Ellis', 200, 100],
        ],
        0.55,
      ),
      [],
    );
    expect(sharp[0]!.confidence).toBeGreaterThan(shaky[0]!.confidence);
    for (const f of [...sharp, ...shaky]) {
      expect(f.confidence).toBeGreaterThanOrEqual(0);
      expect(f.confidence).toBeLessThanOrEqual(1);
    }
  });

  it('reports the page and the label each value came from', () => {
    const [field] = extractFields(typed('Trainee Name: Jordan Ellis'), []);
    expect(field).toMatchObject({ fieldName: 'studentName', page: 1, label: 'Trainee Name' });
  });
});

describe('corrections', () => {
  it('learns a label the organization uses for a field', () => {
    const read = typed('Crew ID: 3456789');
    expect(extract(read).licenseNumber).toBeUndefined();
    const learned: Correction[] = [
      {
        fieldName: 'licenseNumber',
        extractedValue: '',
        validatedValue: '1111111',
        label: 'Crew ID',
      },
    ];
    expect(extract(read, learned).licenseNumber).toBe('3456789');
  });

  it('stops reading a label the organization said holds something else', () => {
    const read = typed('Program: Spring 2024 Cohort');
    expect(extract(read).courseName).toBe('Spring 2024 Cohort');
    const learned: Correction[] = [
      {
        fieldName: 'courseName',
        extractedValue: 'Fall Cohort',
        validatedValue: '',
        label: 'Program',
      },
    ];
    expect(extract(read, learned).courseName).toBeUndefined();
  });

  it('fixes a value the organization corrected before', () => {
    const corrections: Correction[] = [
      {
        fieldName: 'courseName',
        extractedValue: 'CJ3 INIT',
        validatedValue: 'Citation CJ3 Initial Pilot Training',
      },
    ];
    expect(extract(typed('Course: CJ3 INIT'), corrections).courseName).toBe(
      'Citation CJ3 Initial Pilot Training',
    );
  });

  it("does not carry one person's corrected certificate number to another document", () => {
    const corrections: Correction[] = [
      { fieldName: 'licenseNumber', extractedValue: '3456789', validatedValue: '3456780' },
    ];
    expect(extract(typed('Certificate No.: 3456789'), corrections).licenseNumber).toBe('3456789');
  });
});

describe('spreadsheets', () => {
  it('proposes a column mapping and a candidate record per row', () => {
    const mapping = mapTableColumns({
      name: 'records.csv',
      page: 1,
      header: [
        'First Name',
        'Last Name',
        'Cert #',
        'Curriculum',
        'Completion Date',
        'Hours',
        'Remarks',
      ],
      rows: [
        ['Jordan', 'Ellis', '3456789', 'King Air 350 Recurrent', '03/14/2024', '12.5', 'ok'],
        ['Avery', 'Navarro', '2345678', 'Citation CJ3 Initial', '2024-05-01', '20', ''],
      ],
    });
    expect(mapping.columns.map((c) => [c.fieldName, c.columns])).toEqual([
      ['studentName', [0, 1]],
      ['licenseNumber', [2]],
      ['courseName', [3]],
      ['trainingDate', [4]],
    ]);
    expect(values(mapping.records[1]!.fields)).toEqual({
      studentName: 'Avery Navarro',
      licenseNumber: '2345678',
      courseName: 'Citation CJ3 Initial',
      trainingDate: '2024-05-01',
    });
    for (const c of mapping.columns) expect(c.confidence).toBeGreaterThan(0.5);
  });

  it('maps a column with an unknown header by its content', () => {
    const mapping = mapTableColumns({
      name: 'x',
      page: 1,
      header: ['Pilot', 'When'],
      rows: [
        ['Jordan Ellis', '2024-01-02'],
        ['Avery Navarro', '2024-02-03'],
      ],
    });
    expect(mapping.columns.map((c) => c.fieldName)).toEqual(['studentName', 'trainingDate']);
  });
});

describe('memoranda and numbered boxes', () => {
  it('takes the trainer from "Name, Check Airman" and the event date from the sentence, not the memo date', () => {
    const fields = extract(
      typed(
        'MEMORANDUM',
        'TO:\tCrew Records',
        'FROM:\tGrace McAllister, Check Airman',
        'DATE:\t18 APR 2021',
        'SUBJECT:\tTRANSITION TRAINING',
        'Please file the record below. Training was completed on Mar 20, 2021.',
        'Crewmember:\tNakamura, Aisha O.',
      ),
    );
    expect(fields).toMatchObject({
      instructorName: 'Grace McAllister',
      trainingDate: '2021-03-20',
      studentName: 'Aisha O. Nakamura',
    });
    // Without a sentence saying when, the memo's date is all there is.
    expect(
      extract(typed('MEMORANDUM', 'TO:\tRecords', 'DATE:\t18 APR 2021', 'SUBJECT:\tCheck')),
    ).toMatchObject({ trainingDate: '2021-04-18' });
  });

  it('takes the date of "completed the event below on …", not of an earlier completion', () => {
    const memo = (sentence: string) =>
      extract(
        typed(
          'Internal Memo',
          'TO:\tDirector of Training',
          'FROM:\tHarper Marsh, Evaluator',
          'DATE:\tFeb 26, 2025',
          'RE:\tRequalification',
          sentence,
          'Candidate:\tVASQUEZ, CAMILA F.',
        ),
      ).trainingDate;
    expect(memo('The following crewmember completed the event below on February 13, 2025:')).toBe(
      '2025-02-13',
    );
    expect(memo('The crewmember last completed recurrent training on March 2, 2024.')).toBe(
      '2025-02-26',
    );
  });

  it('reads a verification letter whose sentences run over line breaks', () => {
    const fields = extract(
      typed(
        'Harbor Point Training Center',
        'April 2, 2024',
        'RE: Completion of training',
        'To whom it may concern:',
        'This letter verifies that pilot Noor K. Haddad, holder of commercial pilot certificate',
        'no. 4412907 (date of birth 1988-02-11), completed the Citation CJ4 Initial Type Rating at',
        'Harbor Point Training Center on March 18, 2024.',
        'Dana Whitlock served as check airman for the practical test. Result: satisfactory.',
        'Our records show the pilot’s mailing address as 12 Harbor Rd, Mobile, AL 36602.',
        'Sincerely,',
        'Lee Ortega',
      ),
    );
    expect(fields).toMatchObject({
      studentName: 'Noor K. Haddad',
      certificateType: 'Commercial Pilot',
      licenseNumber: '4412907',
      dateOfBirth: '1988-02-11',
      courseName: 'Citation CJ4 Initial Type Rating',
      trainingDate: '2024-03-18',
      instructorName: 'Dana Whitlock',
      result: 'Satisfactory',
      address: '12 Harbor Rd, Mobile, AL 36602',
    });
  });

  it('reads the whole label of an FAA box rather than its first word', () => {
    const fields = extract(
      typed(
        '10. CURRICULUM FROM WHICH GRADUATED',
        'CITATION XLS+ TYPE RATING COURSE',
        '13. RESULT OF EVALUATION',
        'Satisfactory',
        '7. GRADE OF PILOT CERTIFICATE HELD',
        'ATP',
      ),
    );
    expect(fields.courseName).not.toBe('FROM WHICH GRADUATED');
    expect(fields).toMatchObject({
      courseName: 'CITATION XLS+ TYPE RATING COURSE',
      result: 'Satisfactory',
      certificateType: 'Airline Transport Pilot',
    });
  });
});

describe('leader dots between a label and its value', () => {
  it('reads past dots OCR took for letters, and takes the phase of training as its event', () => {
    const form = placed([
      ['AIRMAN TRAINING RECORD', 60, 60],
      ['Crewmember .......................... Sofia Ellis', 60, 90],
      ['Pilot cert. no. ....cccooeeiiiiiiiiiiii, 9988654', 60, 110],
      ['Curriculum title ....... As required by the approved curriculum', 60, 130],
      ['Phase ...................................... Practical Test', 60, 150],
      ['Completed on ......................... 17-FEB-2025', 60, 170],
    ]);
    const fields = extract(form);
    expect(fields).toMatchObject({
      studentName: 'Sofia Ellis',
      licenseNumber: '9988654',
      eventType: 'Practical Test',
      trainingDate: '2025-02-17',
    });
    // The curriculum's box holds form wording; the caption on the next row is no course either.
    expect(fields.courseName).toBeUndefined();
  });
});

describe('fields that contradict each other', () => {
  const confidences = (read: ReadResult) =>
    Object.fromEntries(extractFields(read, []).map((f) => [f.fieldName, f.confidence]));

  it('sends the trainee named as their own instructor to review, both names kept', () => {
    const read = typed(
      'TRAINING RECORD',
      'Student Name: Jordan Ellis',
      'Instructor: ELLIS, JORDAN',
      'Course: King Air 350 Recurrent',
      'Date of Training: 06/30/2022',
    );
    expect(extract(read)).toMatchObject({
      studentName: 'Jordan Ellis',
      instructorName: 'Jordan Ellis',
    });
    const c = confidences(read);
    expect(c.studentName).toBeLessThanOrEqual(0.5);
    expect(c.instructorName).toBeLessThanOrEqual(0.5);
    expect(c.courseName).toBeGreaterThan(0.85);
  });

  it('sends a date of birth that makes the trainee a child on the day of training to review', () => {
    const record = (born: string) =>
      typed(
        'TRAINING RECORD',
        'Student Name: Jordan Ellis',
        `Date of Birth: ${born}`,
        'Date of Training: 06/30/2022',
      );
    const misread = confidences(record('03/04/2012'));
    expect(misread.dateOfBirth).toBeLessThanOrEqual(0.5);
    expect(misread.trainingDate).toBeLessThanOrEqual(0.5);
    expect(misread.studentName).toBeGreaterThan(0.85);
    const plausible = confidences(record('03/04/1991'));
    expect(plausible.dateOfBirth).toBeGreaterThan(0.85);
    expect(plausible.trainingDate).toBeGreaterThan(0.85);
  });
});
