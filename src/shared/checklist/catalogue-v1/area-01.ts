import { areaItems } from './define';

const q = areaItems('area1');

/**
 * Area 1, Management and Administration. Items 1-01 to 1-05 are the FAA job aid's own items,
 * kept with its references; the rest are written from the rule text (Part 142 subpart A).
 */
export const AREA_1 = [
  q(
    '1-01',
    'Is the training center free of any person, employed or planned to be employed, whose employment or control contributed to the revocation of a part 121, 125, 135, 141 or 142 certificate within the previous 5 years?',
    '142.11(e), V2 C10 S1 P2-1153',
  ),
  q(
    '1-02',
    'Does the training center have, for each curriculum, a sufficient number of instructors qualified under Part 142 subpart C?',
    '142.13(a), V3 C54 S1 P3-4336',
  ),
  q(
    '1-03',
    'Does the training center have sufficient designated evaluators to complete the checks and tests of graduation candidates within 7 calendar days of their completing training?',
    '142.13(b), V3 C54 S2 P3-4355',
  ),
  q(
    '1-04',
    "Are the instructors of each satellite training center under the direct supervision of the principal training center's management personnel?",
    '142.17(a)(2), V3 C54 S1 P3-4334',
  ),
  q(
    '1-05',
    'Can a representative of management and all personnel who give direct training to students understand, read, write and fluently speak the English language?',
    '142.13(d), V3 C54 S2 P3-4354',
  ),
  q(
    '1-06',
    'Does the training center operate only under, and in accordance with, its Part 142 certificate and training specifications?',
    '142.5(a)',
  ),
  q(
    '1-07',
    'Are the facilities, equipment, personnel and courseware on which the FAA issued the certificate still adequate and in place for the training approved under 142.37?',
    '142.5(b)',
  ),
  q(
    '1-08',
    'Does the training center have a sufficient number of management personnel who are qualified and competent to perform their duties?',
    '142.13(c)',
  ),
  q(
    '1-09',
    'Is the training center certificate in force, that is, not surrendered, suspended, revoked or terminated?',
    '142.7(a)',
  ),
  q(
    '1-10',
    'For a training center located outside the United States, has the certificate been renewed before the end of the 12th month after it was issued or last renewed?',
    '142.7(b)',
  ),
  q(
    '1-11',
    'Does the training center have a procedure to return a suspended, revoked or terminated certificate to the FAA within 5 working days of being notified?',
    '142.7(c)',
  ),
  q(
    '1-12',
    'Has the FAA granted every deviation or waiver from Part 142 that the training center relies on, and is each grant on file?',
    '142.9(a)',
  ),
  q(
    '1-13',
    'Did each request for a deviation or waiver show the FAA why it is justified and that it will not adversely affect the quality of instruction or evaluation?',
    '142.9(b)(1), 142.9(b)(2)',
  ),
  q(
    '1-14',
    'Was each application for issuance or amendment of the certificate made in the form and manner the FAA prescribes and filed with the responsible Flight Standards office for the area of the principal business office?',
    '142.11(a)(1), 142.11(a)(2)',
  ),
  q(
    '1-15',
    'Are applications filed at least 120 calendar days before proposed training begins, or 60 days before a change to approved training, unless the FAA allowed a shorter period?',
    '142.11(a)(3)',
  ),
  q(
    '1-16',
    'Does the application include a statement that each person in a management position meets or exceeds the minimum qualifications for that position?',
    '142.11(b)(1)',
  ),
  q(
    '1-17',
    'Does the training center notify the FAA within 10 working days of any change in the persons holding required management positions?',
    '142.11(b)(2)',
  ),
  q(
    '1-18',
    'Does the certificate show every business name included on the application and the address of each business office the training center uses?',
    '142.11(d)(1)',
  ),
  q(
    '1-19',
    'Does the training center apply to amend its certificate at least 60 calendar days before the effective date it wants, unless the FAA approved another period?',
    '142.11(g)',
  ),
  q(
    '1-20',
    'Has the applicant or holder had no training center certificate revoked, suspended or terminated within the previous 5 years?',
    '142.11(e)(1)',
  ),
  q(
    '1-21',
    'Is all information the training center gave the FAA for its certificate complete and accurate, with nothing fraudulent or false?',
    '142.11(e)(3)',
  ),
  q(
    '1-22',
    'Does the training center avoid knowingly using, as its agent or representative before the FAA, anyone who within the previous 2 years served as or directly supervised a Flight Standards aviation safety inspector responsible for inspecting its operations?',
    '142.14(a)',
  ),
  q(
    '1-23',
    'In applying the former FAA employee restriction, does the training center treat any written or oral communication to the FAA on its behalf about a particular matter as acting as its agent or representative?',
    '142.14(b)',
  ),
  q(
    '1-24',
    'Before training was given at each satellite training center, were its facilities, equipment, personnel and course content shown to meet the applicable requirements of Part 142?',
    '142.17(a)(1)',
  ),
  q(
    '1-25',
    "Are the evaluators of each satellite training center under the direct supervision of the principal training center's management personnel?",
    '142.17(a)(2)',
  ),
  q(
    '1-26',
    'Was the FAA notified in writing at least 60 days before each satellite training center began operating?',
    '142.17(a)(3)',
  ),
  q(
    '1-27',
    'Is the training center certificate displayed prominently in a place in the principal business office that is normally accessible to the public?',
    '142.27(a)',
  ),
  q(
    '1-28',
    'Can the certificate and training specifications be produced for inspection on request of the FAA, an authorized NTSB representative or a Federal, State or local law enforcement agency?',
    '142.27(b)',
  ),
  q(
    '1-29',
    'Does the training center allow the FAA to inspect its facilities, equipment and records at any reasonable time and place to determine compliance and eligibility?',
    '142.29',
  ),
  q(
    '1-30',
    'Does the training center conduct only approved training, testing and checking when that activity is meant to satisfy a requirement of 14 CFR chapter I?',
    '142.31(a)',
  ),
  q(
    '1-31',
    'Do the website, brochures and other advertising of the training center describe as meeting FAA requirements only training, testing and checking that is approved?',
    '142.31(a)',
  ),
  q(
    '1-32',
    'If the certificate is surrendered, suspended, revoked or terminated, does a procedure ensure that signs and any other indication of FAA certification are removed promptly?',
    '142.31(b)(1)',
  ),
  q(
    '1-33',
    'If the certificate is surrendered, suspended, revoked or terminated, does a procedure ensure that advertising agents and media are told promptly to stop advertising the center as certificated?',
    '142.31(b)(2)',
  ),
  q(
    '1-34',
    'Where a part 141 pilot school trains, tests or checks for the training center, is there a training, testing and checking agreement between the two?',
    '142.33(a)',
  ),
  q(
    '1-35',
    "Is the pilot school's training, testing and checking under such an agreement approved and conducted under Part 142?",
    '142.33(b)',
  ),
  q(
    '1-36',
    'Has the pilot school obtained FAA approval of a training course outline covering the part 141 portion of the training?',
    '142.33(c)',
  ),
  q(
    '1-37',
    "When the pilot school's portion is complete, is a copy of each student's training record sent to the training center and made part of the student's permanent training record?",
    '142.33(d)',
  ),
  q(
    '1-38',
    'Is each person in a required management position named, with current evidence that he or she meets the minimum qualifications stated for that position?',
    '142.11(b)(1), 142.13(c)',
  ),
];
