import { DEVICE, NOT_APPLICABLE_HINT, type EvidenceCriterion, type RuleGroup } from '../types';

/** Facilities and flight training equipment: buildings, FSTDs, their checks and discrepancies, aircraft. */

export const FACILITIES_CRITERIA: readonly EvidenceCriterion[] = [
  {
    id: 'facilities',
    shows: 'instructional spaces heated, lit and ventilated to local codes',
    query:
      '(classroom | facilities | briefing <-> room) & (heating | lighting | ventilation | hvac)',
    document: 'Facility description covering heating, lighting and ventilation',
    kinds: ['manual', 'other', 'log-report'],
  },
  {
    id: 'facility-codes',
    shows: 'current occupancy, fire or building inspection certificates',
    query:
      '(occupancy | fire | building) & (certificate | inspection) & (issued | valid | expires | dated)',
    document: 'Current occupancy or building inspection certificate',
    kinds: ['certificate', 'other', 'log-report'],
    partial: {
      kinds: ['manual'],
      because:
        'a manual states conformity, but only a current inspection or occupancy certificate shows it',
    },
  },
  {
    id: 'facility-noise',
    shows: 'training facilities not disturbed by airport flight or maintenance activity',
    query:
      '(noise | disturbed | disturbance | quiet) & (airport | flight <-> operations | maintenance) & (classroom | briefing <-> room | building | insulated | insulation)',
    document: 'Facility description covering noise from airport operations',
    kinds: ['manual', 'other', 'log-report'],
  },
  {
    id: 'business-office',
    shows: 'the principal business office at the address on the certificate',
    query: 'principal <-> business <-> office',
    document: 'Facility description with the principal business office address',
    kinds: ['manual', 'other', 'log-report'],
    partial: {
      kinds: ['certificate', 'training-specifications'],
      because: 'the certificate shows the address, not that the office is there',
    },
  },
  {
    id: 'records-storage',
    shows: 'record storage that is adequate and protected',
    query: 'record & (storage | stored | secure | locked | backup | fireproof | access)',
    document: 'Records storage and protection procedure',
    // A survey or inspection of the records room shows the storage itself.
    kinds: ['manual', 'log-report'],
  },
  {
    id: 'records-location',
    shows: 'where trainee, instructor and evaluator records are kept',
    query: 'record & (kept | stored | maintained) & (location | satellite | training <-> center)',
    document: 'Records location procedure',
    kinds: ['manual'],
  },
  {
    id: 'fstd-exclusive-use',
    shows: 'exclusive use of flight training equipment (ownership, lease or schedule)',
    query: `${DEVICE} & (exclusive | lease | agreement | schedule)`,
    document: 'FSTD lease or ownership documents and use schedule',
    kinds: ['other', 'log-report', 'manual', 'fstd-record'],
  },
  {
    id: 'fstd-qualification',
    shows: 'FAA qualification of each flight simulation training device',
    query: `${DEVICE} & (qualification | qualified | level) & faa`,
    document: 'FSTD statement of qualification for each device',
    kinds: ['fstd-record', 'training-specifications'],
  },
  {
    id: 'fstd-approval',
    shows: 'approval of each device for curricula, maneuvers or crewmember functions',
    query: `${DEVICE} & (approved | approval) & (curriculum | course | maneuver)`,
    document: 'Approval of each FSTD for the curricula and maneuvers it is used for',
    kinds: ['fstd-record', 'training-specifications'],
  },
  {
    id: 'fstd-maintenance',
    shows: 'device maintenance and configuration control',
    query: `${DEVICE} & (maintenance | maintained | modification | configuration)`,
    document: 'FSTD maintenance and configuration control records',
    kinds: ['fstd-record'],
    partial: {
      kinds: ['manual'],
      because: 'a procedure requires maintenance; only device records show it done',
    },
  },
  {
    id: 'preflight',
    shows: 'daily functional preflight checks of each device',
    query: 'preflight | daily & functional & check | daily <-> readiness',
    document: 'Daily functional preflight check records of each FSTD',
    kinds: ['fstd-record'],
    partial: {
      kinds: ['manual'],
      because: 'a procedure requires the daily check; only device records show it done',
    },
  },
  {
    id: 'discrepancy-log',
    shows: 'a discrepancy log for each device',
    query: 'discrepancy & (log | record)',
    document: 'FSTD discrepancy log',
    kinds: ['fstd-record'],
    partial: {
      kinds: ['manual'],
      because: 'a procedure requires the log; only the log itself shows it kept',
    },
  },
  {
    id: 'discrepancy-correction',
    shows: 'discrepancies corrected or deferred before further use',
    query: 'discrepancy & (corrected | corrected | deferred | inoperative | cleared)',
    document: 'Discrepancy log entries showing corrective action',
    kinds: ['fstd-record'],
    partial: {
      kinds: ['manual'],
      because: 'a procedure requires corrections; only the log shows them made',
    },
  },
  {
    id: 'aircraft',
    shows: 'aircraft airworthiness and maintenance (or that no aircraft are used)',
    query:
      'aircraft & (airworthiness | inspection <-> program | maintenance <-> program | dual <-> control)',
    document:
      'Aircraft airworthiness certificates and maintenance program (or a statement that training uses no aircraft)',
    kinds: ['certificate', 'other', 'log-report', 'manual', 'training-specifications'],
  },
  {
    id: 'fstd-configuration',
    shows: 'device modifications following changes to the aircraft',
    query: `${DEVICE} & (modification | modified | configuration) & aircraft`,
    document: 'FSTD configuration control records against aircraft changes',
    kinds: ['fstd-record'],
    partial: {
      kinds: ['manual'],
      because:
        'a procedure requires configuration control; only device records show modifications made',
    },
  },
  {
    id: 'inoperative-components',
    shows: 'inoperative components used only with FAA allowance',
    query: '(inoperative | minimum <-> equipment) & (faa | allowed | approved)',
    document: 'FSTD minimum equipment list or FAA allowance for inoperative components',
    kinds: ['fstd-record', 'training-specifications', 'other', 'log-report'],
    partial: {
      kinds: ['manual'],
      because:
        'a procedure may allow inoperative components, but only the FAA allowance or the device records show it granted',
    },
  },
];

export const FACILITIES_GROUPS: readonly RuleGroup[] = [
  {
    id: 'facilities',
    title: 'Instructional facilities',
    items: ['6-01', '6-02', '6-03', '6-04', '6-05', '6-06'],
    references: ['142.15(a)(1)', '142.15(a)(2)', '142.15(b)'],
    criteria: ['facilities'],
    itemCriteria: {
      '6-04': ['facilities', 'facility-codes'],
      '6-05': ['facility-noise'],
      '6-06': ['business-office'],
    },
    severity: 'MEDIUM',
    recommendation:
      'Keep the current building inspection certificates with the facility description.',
    action: 'Document facility conditions and code compliance',
    time: { partial: '1-2 weeks', nonCompliant: '30-60 days' },
  },
  {
    id: 'records-facilities',
    title: 'Record facilities and locations',
    items: ['6-07', '6-08', '6-18', '8-14', '8-15'],
    references: ['142.15(c)', '142.73(d)(1)', '142.73(d)(2)'],
    criteria: ['records-storage'],
    itemCriteria: { '8-14': ['records-location'], '8-15': ['records-location'] },
    severity: 'MEDIUM',
    recommendation: 'State where each kind of record is kept and how it is protected.',
    action: 'Write the records storage and location procedure',
    time: { partial: '1-2 weeks', nonCompliant: '30 days' },
  },
  {
    id: 'flight-training-equipment',
    title: 'Flight training equipment available',
    items: ['6-09', '6-10', '6-11'],
    references: ['142.15(d)'],
    criteria: ['fstd-exclusive-use', 'fstd-qualification'],
    itemCriteria: { '6-10': ['tspecs-fstd'], '6-11': ['tspecs-fstd'] },
    severity: 'HIGH',
    recommendation: 'Keep lease or ownership papers and the use schedule of each device.',
    action: 'Document exclusive use of an approved simulator or advanced FTD',
    time: { partial: '2 weeks', nonCompliant: '60-90 days' },
  },
  {
    id: 'fstd-qualification',
    title: 'FSTD qualification and approval',
    items: ['7-01', '7-02', '7-03', '7-04'],
    references: ['142.59(a)(1)', '142.59(a)(2)', '142.59(b)(1)', '142.59(b)(2)', '142.59(b)(3)'],
    criteria: ['fstd-qualification', 'fstd-approval'],
    itemCriteria: { '7-01': ['fstd-qualification'] },
    severity: 'CRITICAL',
    recommendation: 'File each device’s statement of qualification with its curriculum approvals.',
    action: 'Obtain or file the qualification and approval of each device',
    time: { partial: '2-4 weeks', nonCompliant: '60-90 days' },
  },
  {
    id: 'fstd-maintenance',
    title: 'FSTD maintenance and configuration',
    items: ['7-05', '7-06', '7-09'],
    references: ['142.59(c)(1)', '142.59(c)(2)', '142.59(d)'],
    criteria: ['fstd-maintenance'],
    itemCriteria: {
      '7-06': ['fstd-configuration'],
      '7-09': ['discrepancy-correction', 'inoperative-components'],
    },
    severity: 'HIGH',
    recommendation: 'Keep maintenance and configuration records per device.',
    action: 'Record device maintenance and modifications',
    time: { partial: '2 weeks', nonCompliant: '30 days' },
  },
  {
    id: 'fstd-daily-checks',
    title: 'Daily functional preflight checks',
    items: ['7-07', '7-16', '10-07'],
    references: ['142.59(c)(3)', '142.59(d)', '142.11(b)(9)'],
    criteria: ['preflight'],
    itemCriteria: { '10-07': ['preflight', 'qc-preflight-review'] },
    severity: 'HIGH',
    recommendation: 'Record each daily check with its result and the person who did it.',
    action: 'Record the daily functional preflight check before each day’s use',
    time: { partial: '1 week', nonCompliant: '2 weeks' },
  },
  {
    id: 'fstd-discrepancies',
    title: 'Discrepancy logs',
    items: ['7-08', '7-10', '10-06'],
    references: ['142.59(c)(4)', '142.59(d)', '142.11(b)(9)'],
    criteria: ['discrepancy-log'],
    itemCriteria: {
      '7-10': ['discrepancy-log', 'discrepancy-correction'],
      '10-06': ['quality-control', 'qc-log-review'],
    },
    severity: 'HIGH',
    recommendation: 'Review the discrepancy log weekly for open and recurring items.',
    action: 'Keep a discrepancy log per device with corrective action for each entry',
    time: { partial: '1-2 weeks', nonCompliant: '30 days' },
  },
  {
    id: 'aircraft',
    title: 'Training aircraft',
    items: ['7-11', '7-12', '7-13', '7-14', '7-15'],
    references: ['142.57(a)(1)', '142.57(a)(2)', '142.57(a)(3)', '142.57(b)', '142.57(c)'],
    criteria: ['aircraft'],
    severity: 'HIGH',
    recommendation: 'Keep airworthiness and maintenance program documents per aircraft.',
    action: 'File the airworthiness and maintenance records of each training aircraft',
    time: { partial: '2 weeks', nonCompliant: '30-60 days' },
    whenAbsent: NOT_APPLICABLE_HINT,
  },
];
