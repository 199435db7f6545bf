import { DEVICE, type EvidenceCriterion } from '../types';

/** What counts as evidence for the organization's items (certificate, training specifications, management, satellites, applications and agreements); the groups that use them are in organization.ts. */
export const ORGANIZATION_CRITERIA: readonly EvidenceCriterion[] = [
  {
    id: 'certificate',
    shows: 'the Part 142 training center certificate',
    // A trainee's certificate of completion or airman papers name the center and its certificate too.
    query:
      '(training <-> center | part <-> 142) & certificate & !(complete | completion | trainee | student | airman | birth | applicant | medical)',
    document: 'Part 142 training center certificate (current copy)',
    kinds: ['certificate'],
    partial: {
      kinds: ['training-specifications'],
      because:
        'the training specifications cite the certificate but are not the certificate itself',
    },
  },
  {
    id: 'tspecs',
    shows: 'training specifications issued by the FAA',
    query: 'training <-> specifications',
    document: 'FAA-issued training specifications (current revision)',
    kinds: ['training-specifications'],
    partial: {
      kinds: ['manual'],
      because:
        'a manual that refers to the training specifications is not the specifications the FAA issued',
    },
  },
  {
    id: 'tspecs-courses',
    shows: 'training specifications listing the authorized courses or curricula',
    query: 'training <-> specifications & (authorized | approved) & (course | curriculum)',
    document: 'Training specifications section listing authorized courses',
    kinds: ['training-specifications'],
  },
  {
    id: 'tspecs-aircraft',
    shows: 'training specifications listing aircraft category, class and type',
    query: 'training <-> specifications & aircraft & (category | class | type)',
    document: 'Training specifications section listing aircraft',
    kinds: ['training-specifications'],
  },
  {
    id: 'tspecs-fstd',
    shows: 'each flight simulation training device identified with its qualification level',
    query: `${DEVICE} & qualification & level`,
    document: 'Training specifications section identifying each FSTD and its qualification level',
    kinds: ['training-specifications'],
    partial: {
      kinds: ['fstd-record'],
      because:
        'a statement of qualification identifies the device, but only the training specifications show it authorized for the center',
    },
  },
  {
    id: 'deviation',
    shows: 'deviations or waivers granted by the FAA',
    query: '(deviation | waiver) & (faa | granted | authorized)',
    document: 'FAA letters granting each deviation or waiver',
    kinds: ['training-specifications', 'other', 'log-report'],
    partial: {
      kinds: ['manual'],
      because:
        'a manual may mention deviations, but only the FAA grant or the training specifications show one granted',
    },
  },
  {
    id: 'application',
    shows: 'applications to the FAA for issuance or amendment',
    query: 'application & (amendment | issuance | certificate) & faa',
    document: 'Certificate applications and amendment requests with FAA acknowledgements',
    kinds: ['other', 'log-report'],
    partial: {
      kinds: ['training-specifications', 'manual'],
      because:
        'the training specifications or a procedure show what was authorized or intended, not the application filed with the FAA',
    },
  },
  {
    id: 'management',
    shows: 'the required management positions and who holds them',
    query:
      '(director & training) | chief <-> instructor | management <-> personnel | accountable <-> manager | training <-> center <-> manager',
    document: 'Management personnel list (organization chart) from the training center manual',
    kinds: ['manual', 'other', 'log-report'],
  },
  {
    id: 'management-qualifications',
    shows: 'the qualifications of management personnel',
    query: 'management & (qualification | experience) & (position | personnel)',
    document: 'Management qualification records (résumés, certificates)',
    kinds: ['manual', 'instructor-record', 'other', 'log-report'],
  },
  {
    id: 'faa-notification',
    shows: 'a procedure to notify the FAA of management changes',
    query: '(notify | notification) & faa & (10 <-> working <-> days | management <-> change)',
    document: 'Procedure for notifying the FAA of management changes',
    kinds: ['manual'],
  },
  {
    id: 'english',
    shows: 'an English-language proficiency requirement for staff',
    query: 'english & (read | write | speak | proficien)',
    document: 'Personnel English-language proficiency policy and records',
    kinds: ['manual', 'instructor-record'],
  },
  {
    id: 'revocation-history',
    shows: 'a statement on certificate revocations in the previous five years',
    query:
      '(revocation | revoked | (suspension | suspended)) & certificate & (5 <-> years | five <-> years | previous)',
    document: 'Signed statement on revocations and suspensions in the previous 5 years',
    kinds: ['other', 'log-report', 'manual'],
  },
  {
    id: 'former-faa',
    shows: 'a policy on former FAA employees acting for the center',
    query: 'former & faa & employee',
    document: 'Policy on former FAA employees acting as agents or representatives',
    kinds: ['manual', 'other', 'log-report'],
  },
  {
    id: 'satellite',
    shows: 'satellite training centers and their supervision',
    query: 'satellite <-> training <-> center | satellite & (center | centre | location)',
    document:
      'List of satellite training centers with their approvals (or a statement that there are none)',
    kinds: ['training-specifications', 'manual'],
  },
  {
    id: 'certificate-return',
    shows: 'a procedure for returning or withdrawing the certificate and its advertising',
    query:
      '(surrender | return) & certificate & (procedure | 5 <-> working <-> days) & ((suspension | suspended) | revoked | terminated)',
    document: 'Procedure for a surrendered, suspended or revoked certificate',
    kinds: ['manual'],
  },
  {
    id: 'advertising',
    shows: 'an advertising policy limited to approved training',
    query: '(advertising | advertisement) & (approved | faa)',
    document: 'Advertising review policy and current advertising material',
    kinds: ['manual', 'other', 'log-report'],
    readsAdvertising: true,
  },
  {
    id: 'training-agreement',
    shows: 'a training, testing and checking agreement with a pilot school',
    query: 'agreement & (pilot <-> school | part <-> 141)',
    document:
      'Training agreements with Part 141 pilot schools (or a statement that there are none)',
    kinds: ['other', 'log-report', 'manual'],
  },
  {
    id: 'inspection-access',
    shows: 'FAA access for inspection of facilities, equipment and records',
    query: 'faa & (inspect | inspection) & (access | reasonable <-> time | facilities | equipment)',
    document: 'Procedure giving the FAA access for inspections',
    kinds: ['manual'],
  },
  {
    id: 'approval',
    shows: 'FAA approval of the training program or curriculum',
    query: 'faa & (approval | approved) & (program | curriculum | course)',
    document: 'FAA approval letters for each training program and curriculum',
    kinds: ['training-specifications', 'syllabus-curriculum', 'other', 'log-report'],
    partial: {
      kinds: ['manual'],
      because: 'a manual stating that programs are approved is not the FAA approval',
    },
  },
  {
    id: 'core-specialty',
    shows: 'core and specialty curricula identified',
    query: 'core <-> curriculum | specialty <-> curriculum',
    document: 'Training program application identifying core and specialty curricula',
    kinds: ['syllabus-curriculum', 'training-specifications', 'other', 'log-report'],
  },
  {
    id: 'part61-requirements',
    shows: 'the part 61 requirements each curriculum meets',
    query: 'part <-> 61 & (requirement | meet | credit)',
    document: 'Part 61 requirements cross-reference for each curriculum',
    kinds: ['syllabus-curriculum', 'other', 'log-report'],
    partial: {
      kinds: ['manual'],
      because: 'a manual stating the rule is not the curriculum’s own cross-reference',
    },
  },
  {
    id: 'certificate-display',
    shows: 'the certificate displayed in the principal business office',
    query: 'certificate & (displayed | display) & (office | lobby | public)',
    document: 'Note or photograph of where the certificate is displayed',
    kinds: ['manual', 'other', 'log-report'],
  },
  {
    id: 'applicability',
    shows: 'a determination of which courses need Part 142 certification',
    query: 'applicability & course',
    document: 'Course applicability review (which courses need Part 142 certification)',
    kinds: ['manual', 'other', 'log-report'],
  },
];
