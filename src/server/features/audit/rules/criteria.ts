/**
 * What the assistant looks for in an organization's documents. Each criterion is a full-text
 * query (PostgreSQL `to_tsquery('english', …)` syntax: `&` and, `|` or, `<->` followed by) over
 * the stored page text, the fact a match shows, and the document an inspector would ask for when
 * nothing matches. Write whole words: the query is stemmed like the pages ("records" finds
 * "record"), whereas a `:*` prefix is not stemmed and misses. Rule groups (groups.ts) name the
 * criteria they need.
 */
export interface EvidenceCriterion {
  id: string;
  /** What a matching page shows, as the reasoning states it ("a syllabus for each curriculum"). */
  shows: string;
  query: string;
  /** The document to provide when no page matches. */
  document: string;
}

const DEVICE = '(simulator | ffs | ftd | fstd | flight <-> training <-> device)';

const LIST: EvidenceCriterion[] = [
  {
    id: 'certificate',
    shows: 'the Part 142 training center certificate',
    query: '(training <-> center | part <-> 142) & certificate',
    document: 'Part 142 training center certificate (current copy)',
  },
  {
    id: 'tspecs',
    shows: 'training specifications issued by the FAA',
    query: 'training <-> specifications',
    document: 'FAA-issued training specifications (current revision)',
  },
  {
    id: 'tspecs-courses',
    shows: 'training specifications listing the authorized courses or curricula',
    query: 'training <-> specifications & (authorized | approved) & (course | curriculum)',
    document: 'Training specifications section listing authorized courses',
  },
  {
    id: 'tspecs-aircraft',
    shows: 'training specifications listing aircraft category, class and type',
    query: 'training <-> specifications & aircraft & (category | class | type)',
    document: 'Training specifications section listing aircraft',
  },
  {
    id: 'tspecs-fstd',
    shows: 'each flight simulation training device identified with its qualification level',
    query: `${DEVICE} & qualification & level`,
    document: 'Training specifications section identifying each FSTD and its qualification level',
  },
  {
    id: 'deviation',
    shows: 'deviations or waivers granted by the FAA',
    query: '(deviation | waiver) & (faa | granted | authorized)',
    document: 'FAA letters granting each deviation or waiver',
  },
  {
    id: 'application',
    shows: 'applications to the FAA for issuance or amendment',
    query: 'application & (amendment | issuance | certificate) & faa',
    document: 'Certificate applications and amendment requests with FAA acknowledgements',
  },
  {
    id: 'management',
    shows: 'the required management positions and who holds them',
    query:
      '(director & training) | chief <-> instructor | management <-> personnel | accountable <-> manager | training <-> center <-> manager',
    document: 'Management personnel list (organization chart) from the training center manual',
  },
  {
    id: 'management-qualifications',
    shows: 'the qualifications of management personnel',
    query: 'management & (qualification | experience) & (position | personnel)',
    document: 'Management qualification records (résumés, certificates)',
  },
  {
    id: 'faa-notification',
    shows: 'a procedure to notify the FAA of management changes',
    query: '(notify | notification) & faa & (10 <-> working <-> days | management <-> change)',
    document: 'Procedure for notifying the FAA of management changes',
  },
  {
    id: 'english',
    shows: 'an English-language proficiency requirement for staff',
    query: 'english & (read | write | speak | proficien)',
    document: 'Personnel English-language proficiency policy and records',
  },
  {
    id: 'revocation-history',
    shows: 'a statement on certificate revocations in the previous five years',
    query:
      '(revocation | revoked | (suspension | suspended)) & certificate & (5 <-> years | five <-> years | previous)',
    document: 'Signed statement on revocations and suspensions in the previous 5 years',
  },
  {
    id: 'former-faa',
    shows: 'a policy on former FAA employees acting for the center',
    query: 'former & faa & employee',
    document: 'Policy on former FAA employees acting as agents or representatives',
  },
  {
    id: 'satellite',
    shows: 'satellite training centers and their supervision',
    query: 'satellite <-> training <-> center | satellite & (center | centre | location)',
    document:
      'List of satellite training centers with their approvals (or a statement that there are none)',
  },
  {
    id: 'certificate-return',
    shows: 'a procedure for returning or withdrawing the certificate and its advertising',
    query:
      '(surrender | return) & certificate & (procedure | 5 <-> working <-> days) & ((suspension | suspended) | revoked | terminated)',
    document: 'Procedure for a surrendered, suspended or revoked certificate',
  },
  {
    id: 'advertising',
    shows: 'an advertising policy limited to approved training',
    query: '(advertising | advertisement) & (approved | faa)',
    document: 'Advertising review policy and current advertising material',
  },
  {
    id: 'training-agreement',
    shows: 'a training, testing and checking agreement with a pilot school',
    query: 'agreement & (pilot <-> school | part <-> 141)',
    document:
      'Training agreements with Part 141 pilot schools (or a statement that there are none)',
  },
  {
    id: 'inspection-access',
    shows: 'FAA access for inspection of facilities, equipment and records',
    query: 'faa & (inspect | inspection) & (access | reasonable <-> time | facilities | equipment)',
    document: 'Procedure giving the FAA access for inspections',
  },
  {
    id: 'approval',
    shows: 'FAA approval of the training program or curriculum',
    query: 'faa & (approval | approved) & (program | curriculum | course)',
    document: 'FAA approval letters for each training program and curriculum',
  },
  {
    id: 'core-specialty',
    shows: 'core and specialty curricula identified',
    query: 'core <-> curriculum | specialty <-> curriculum',
    document: 'Training program application identifying core and specialty curricula',
  },
  {
    id: 'part61-requirements',
    shows: 'the part 61 requirements each curriculum meets',
    query: 'part <-> 61 & (requirement | meet | credit)',
    document: 'Part 61 requirements cross-reference for each curriculum',
  },
  {
    id: 'syllabus',
    shows: 'a syllabus or curriculum document',
    query: 'syllabus | curriculum',
    document: 'Syllabus of each curriculum',
  },
  {
    id: 'syllabus-detail',
    shows: 'syllabus content with prerequisites, objectives and completion standards',
    query:
      '(syllabus | curriculum | lesson) & (prerequisite | completion <-> standard | objective)',
    document: 'Syllabus showing prerequisites, lesson objectives and completion standards',
  },
  {
    id: 'courseware',
    shows: 'courseware such as lesson plans, flight event descriptions or workbooks',
    query: 'lesson <-> plan | courseware | workbook | flight <-> event | handout',
    document: 'Courseware: lesson plans, flight event descriptions, workbooks',
  },
  {
    id: 'curriculum-equipment',
    shows: 'minimum aircraft and flight training equipment for each curriculum',
    query: `(curriculum | course) & (minimum | required) & (aircraft | ${DEVICE} | equipment)`,
    document: 'Curriculum section stating minimum aircraft and flight training equipment',
  },
  {
    id: 'curriculum-instructor-qualifications',
    shows: 'minimum instructor and evaluator qualifications for each curriculum',
    query: '(instructor | evaluator) & minimum & qualification',
    document: 'Curriculum section stating minimum instructor and evaluator qualifications',
  },
  {
    id: 'instructor-curriculum',
    shows: 'initial and continuing training curricula for instructors and evaluators',
    query:
      '(instructor | evaluator) & (initial <-> training | continuing <-> training) & curriculum',
    document: 'Instructor and evaluator initial and recurrent training curricula',
  },
  {
    id: 'reduced-hours',
    shows: 'a reduced-hours curriculum with its justification and performance tracking',
    query: 'reduced & hour & (curriculum | training | minimum)',
    document:
      'Reduced-hours justification and student performance tracking (or a statement that no curriculum uses reduced hours)',
  },
  {
    id: 'courseware-revision',
    shows: 'a revision control procedure with FAA approval before use',
    query: 'revision & (approval | approved) & (courseware | curriculum | manual | program)',
    document: 'Revision control procedure and the FAA approval of the current revision',
  },
  {
    id: 'loft',
    shows: 'line-operational simulation or LOFT scenarios',
    query: 'line <-> operational <-> simulation | loft | line <-> oriented <-> flight <-> training',
    document: 'Line-operational simulation (LOFT) scenario descriptions',
  },
  {
    id: 'instructor-ground-course',
    shows: 'an instructor ground course on learning, teaching, duties, CRM and evaluation',
    query:
      'instructor & (fundamentals <-> of <-> learning | effective <-> teaching | learning <-> process | crew <-> resource <-> management)',
    document: 'Instructor ground course outline',
  },
  {
    id: 'device-instructor-course',
    shows: 'a device course covering controls, systems, fault panels and simulation limits',
    query: `${DEVICE} & instructor & (control | system) & (fault | environmental | limitation)`,
    document: 'FSTD instructor course outline',
  },
  {
    id: 'aircraft-instructor-course',
    shows: 'an aircraft instructor course covering maneuvers, emergencies and safety',
    query: 'instructor & aircraft & maneuver & emergency & safety',
    document: 'Aircraft instructor ground and flight course outline',
  },
  {
    id: 'evaluator-curriculum',
    shows: 'an evaluator curriculum on testing methods and unsatisfactory tests',
    query: 'evaluator & (testing | test) & (unsatisfactory | judging | performance)',
    document: 'Evaluator training curriculum',
  },
  {
    id: 'graduation',
    shows: 'graduation only after all curriculum requirements are complete',
    query: 'graduation & (completion | requirement)',
    document: 'Graduation procedure and completion checklist',
  },
  {
    id: 'recommendation',
    shows: 'recommendation for a certificate or rating only after completed training and tests',
    query: 'recommend & (certificate | rating | practical <-> test)',
    document: 'Procedure for recommending trainees for certificates or ratings',
  },
  {
    id: 'atp-ctp',
    shows: 'the airline transport pilot certification training program',
    query: 'airline <-> transport <-> pilot & certification & training & program | atp <-> ctp',
    document: 'ATP certification training program approval and instructor records',
  },
  {
    id: 'endorsement',
    shows: 'authorization for part 61 endorsements',
    query: 'endorsement & (authorized | designated | part <-> 61)',
    document: 'FAA authorization for instructors or evaluators to give part 61 endorsements',
  },
  {
    id: 'other-courses',
    shows: 'other approved courses and the groups they serve',
    query:
      'course & approved & (flight <-> attendant | dispatcher | ground | security | crewmember)',
    document: 'FAA approval of courses outside the Part 142 curricula',
  },
  {
    id: 'aqp',
    shows: 'Advanced Qualification Program curricula or devices',
    query: 'advanced <-> qualification <-> program | aqp',
    document: 'AQP approval documents (or a statement that AQP is not used)',
  },
  {
    id: 'instructor-eligibility',
    shows: 'instructor eligibility (age, English, certificates and experience) on record',
    query:
      'instructor & (eligibility | qualification) & (certificate | experience | age | english)',
    document: 'Instructor eligibility and qualification records',
  },
  {
    id: 'instructor-designation',
    shows: 'written designation of instructors for each course',
    query: 'instructor & designation & (letter | writing | written | course)',
    document: 'Written instructor designations per course',
  },
  {
    id: 'instructor-ground-training',
    shows: 'at least 8 hours of pre-designation ground training',
    query: 'instructor & (8 <-> hour | eight <-> hour) & ground',
    document: 'Pre-designation ground training records of each instructor',
  },
  {
    id: 'instructor-written-test',
    shows: 'a written test passed before designation',
    query: 'instructor & written & test',
    document: 'Instructor written test results',
  },
  {
    id: 'instructor-recurrent',
    shows: 'recurrent instructor or evaluator training and checks every 12 calendar months',
    query:
      '(instructor | evaluator) & (12 <-> calendar <-> month | annual | recurrent) & (proficiency | check | training)',
    document: 'Recurrent training and proficiency check records of instructors and evaluators',
  },
  {
    id: 'evaluator-approval',
    shows: 'evaluators approved by the FAA and designated by the center',
    query: 'evaluator & (approved | designation)',
    document: 'FAA approval and designation of each evaluator',
  },
  {
    id: 'facilities',
    shows: 'instructional spaces heated, lit and ventilated to local codes',
    query:
      '(classroom | facilities | briefing <-> room) & (heating | lighting | ventilation | hvac)',
    document: 'Facility description covering heating, lighting and ventilation',
  },
  {
    id: 'facility-codes',
    shows: 'current occupancy, fire or building inspection certificates',
    query:
      '(occupancy | fire | building) & (certificate | inspection) & (issued | valid | expires | dated)',
    document: 'Current occupancy or building inspection certificate',
  },
  {
    id: 'facility-noise',
    shows: 'training facilities not disturbed by airport flight or maintenance activity',
    query:
      '(noise | disturbed | quiet) & (airport | flight <-> operations) & (classroom | facilities | training)',
    document: 'Facility description covering noise from airport operations',
  },
  {
    id: 'business-office',
    shows: 'the principal business office at the address on the certificate',
    query: 'principal <-> business <-> office',
    document: 'Facility description with the principal business office address',
  },
  {
    id: 'records-storage',
    shows: 'record storage that is adequate and protected',
    query: 'record & (storage | stored | secure | locked | backup | fireproof | access)',
    document: 'Records storage and protection procedure',
  },
  {
    id: 'records-location',
    shows: 'where trainee, instructor and evaluator records are kept',
    query: 'record & (kept | stored | maintained) & (location | satellite | training <-> center)',
    document: 'Records location procedure',
  },
  {
    id: 'fstd-exclusive-use',
    shows: 'exclusive use of flight training equipment (ownership, lease or schedule)',
    query: `${DEVICE} & (exclusive | lease | agreement | schedule)`,
    document: 'FSTD lease or ownership documents and use schedule',
  },
  {
    id: 'fstd-qualification',
    shows: 'FAA qualification of each flight simulation training device',
    query: `${DEVICE} & (qualification | qualified | level) & faa`,
    document: 'FSTD statement of qualification for each device',
  },
  {
    id: 'fstd-approval',
    shows: 'approval of each device for curricula, maneuvers or crewmember functions',
    query: `${DEVICE} & (approved | approval) & (curriculum | course | maneuver)`,
    document: 'Approval of each FSTD for the curricula and maneuvers it is used for',
  },
  {
    id: 'fstd-maintenance',
    shows: 'device maintenance and configuration control',
    query: `${DEVICE} & (maintenance | maintained | modification | configuration)`,
    document: 'FSTD maintenance and configuration control records',
  },
  {
    id: 'preflight',
    shows: 'daily functional preflight checks of each device',
    query: 'preflight | daily & functional & check | daily <-> readiness',
    document: 'Daily functional preflight check records of each FSTD',
  },
  {
    id: 'discrepancy-log',
    shows: 'a discrepancy log for each device',
    query: 'discrepancy & (log | record)',
    document: 'FSTD discrepancy log',
  },
  {
    id: 'discrepancy-correction',
    shows: 'discrepancies corrected or deferred before further use',
    query: 'discrepancy & (corrected | corrected | deferred | inoperative | cleared)',
    document: 'Discrepancy log entries showing corrective action',
  },
  {
    id: 'aircraft',
    shows: 'aircraft airworthiness and maintenance (or that no aircraft are used)',
    query:
      'aircraft & (airworthiness | inspection <-> program | maintenance <-> program | dual <-> control)',
    document:
      'Aircraft airworthiness certificates and maintenance program (or a statement that training uses no aircraft)',
  },
  {
    id: 'records-system',
    shows: 'a recordkeeping system for trainees, instructors and evaluators',
    query: 'record & (trainee | student) & (keep | kept | maintain | system)',
    document: 'Recordkeeping procedure (training center manual chapter)',
  },
  {
    id: 'records-retention',
    shows: 'record retention periods',
    query: 'retention | retain & year',
    document: 'Records retention procedure',
  },
  {
    id: 'records-access',
    shows: 'records made available to the FAA and to trainees on request',
    query: 'record & request & (faa | copy | trainee | student)',
    document: 'Procedure for giving records to the FAA and copies to trainees',
  },
  {
    id: 'instructor-records',
    shows: 'records of each instructor and evaluator qualification',
    query: '(instructor | evaluator) & (record | qualification | designation)',
    document: 'Instructor and evaluator qualification records',
  },
  {
    id: 'recency',
    shows: 'instructor and evaluator recency in approved devices',
    query: `(recency | recent) & ${DEVICE}`,
    document: 'Recency records of simulator instructors and evaluators',
  },
  {
    id: 'device-features',
    shows: 'limits on freeze, slow-motion and repositioning during tests and checks',
    query: '(freeze | slow <-> motion | repositioning) & (test | check)',
    document: 'Procedure limiting simulator freeze, slow-motion and repositioning',
  },
  {
    id: 'crew-seats',
    shows: 'who may occupy crew seats during tests, checks and LOS',
    query: 'seat & (crewmember | qualified | student)',
    document: 'Crew seat occupancy procedure for tests, checks and LOS',
  },
  {
    id: 'instructor-duty-limit',
    shows: 'the 8-hours-in-24 instruction limit and instructor scheduling',
    query: 'instructor & (8 <-> hour | eight <-> hour) & (24 | schedule | duty)',
    document: 'Instructor scheduling procedure and duty records',
  },
  {
    id: 'quality-control',
    shows: 'quality-control measures (a quality or internal audit program)',
    query: 'quality <-> control | quality <-> assurance | internal <-> audit',
    document: 'Quality-control program (training center manual chapter)',
  },
  {
    id: 'qc-responsible',
    shows: 'a named person responsible for quality control',
    query: 'quality & (manager | responsible | director)',
    document: 'Quality manager designation',
  },
  {
    id: 'qc-records-audit',
    shows: 'periodic audits of trainee records',
    query: 'audit & record & (trainee | student)',
    document: 'Trainee record audit reports',
  },
  {
    id: 'qc-due-dates',
    shows: 'tracking of instructor and evaluator due dates',
    query: '(due | track) & (instructor | evaluator) & (12 | recurrent | annual)',
    document: 'Instructor and evaluator due-date tracking',
  },
  {
    id: 'qc-findings',
    shows: 'findings tracked to correction and reviewed by management',
    query: 'finding & (corrective | track | closed | management <-> review)',
    document: 'Quality findings log with corrective actions and management reviews',
  },
  {
    id: 'certificate-display',
    shows: 'the certificate displayed in the principal business office',
    query: 'certificate & (displayed | display) & (office | lobby | public)',
    document: 'Note or photograph of where the certificate is displayed',
  },
  {
    id: 'courseware-exclusive',
    shows: 'exclusive use (ownership or licence) of the courseware',
    query: 'courseware & (exclusive | owned | licensed | licence | license)',
    document: 'Courseware ownership or licence agreements',
  },
  {
    id: 'applicability',
    shows: 'a determination of which courses need Part 142 certification',
    query: 'applicability & course',
    document: 'Course applicability review (which courses need Part 142 certification)',
  },
  {
    id: 'specialty',
    shows: 'specialty curricula for training unique to clients',
    query: 'specialty <-> curriculum',
    document:
      'Approved specialty curricula (or a statement that no client-unique training is given)',
  },
  {
    id: 'grace-month',
    shows: 'the due-month rule for recurrent training done a month early or late',
    query: 'month <-> due | due <-> month',
    document: 'Procedure computing recurrent due dates from the month due',
  },
  {
    id: 'fstd-configuration',
    shows: 'device modifications following changes to the aircraft',
    query: `${DEVICE} & (modification | modified | configuration) & aircraft`,
    document: 'FSTD configuration control records against aircraft changes',
  },
  {
    id: 'inoperative-components',
    shows: 'inoperative components used only with FAA allowance',
    query: '(inoperative | minimum <-> equipment) & (faa | allowed | approved)',
    document: 'FSTD minimum equipment list or FAA allowance for inoperative components',
  },
  {
    id: 'medical-certificate',
    shows: 'copies of trainees’ pilot and medical certificates in their records',
    query: 'medical & certificate',
    document: 'Copies of each trainee’s pilot and medical certificates',
  },
  {
    id: 'trainee-prerequisites',
    shows: 'each trainee’s prerequisite experience and course time in the record',
    query: '(prerequisite | experience) & (trainee | student) & (hours | time)',
    document: 'Trainee records showing prerequisite experience and course time',
  },
  {
    id: 'qc-log-review',
    shows: 'quality-control review of discrepancy logs for recurring defects and late corrections',
    query: 'discrepancy & (review | trend | recurring)',
    document: 'Quality-control reviews of the discrepancy logs',
  },
  {
    id: 'qc-preflight-review',
    shows: 'quality-control verification of the daily preflight checks',
    query: 'preflight & (verify | verified | audit | review)',
    document: 'Quality-control verification of the daily preflight check records',
  },
  {
    id: 'qc-retention',
    shows: 'quality-control checks of retention periods before records are disposed of',
    query: '(quality | audit) & (retention | retain | disposal)',
    document: 'Quality-control procedure checking retention before disposal',
  },
  {
    id: 'qc-tspecs',
    shows: 'quality-control comparison of the training conducted with the training specifications',
    query: '(quality | audit) & training <-> specifications',
    document: 'Quality-control comparison of training conducted with the training specifications',
  },
  {
    id: 'qc-designations',
    shows: 'quality-control checks of instructor designations',
    query: '(quality | audit) & instructor & designation',
    document: 'Quality-control checks of instructor designations',
  },
  {
    id: 'qc-device-features',
    shows: 'quality-control sampling of tests and checks for freeze and repositioning',
    query: '(quality | audit | sample) & (freeze | repositioning)',
    document: 'Quality-control samples of tests and checks for the use of simulator features',
  },
];

export const CRITERIA: ReadonlyMap<string, EvidenceCriterion> = new Map(LIST.map((c) => [c.id, c]));

export function criterion(id: string): EvidenceCriterion {
  const found = CRITERIA.get(id);
  if (!found) throw new Error(`Unknown evidence criterion ${id}`);
  return found;
}
