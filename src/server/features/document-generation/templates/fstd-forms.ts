import { blank } from './helpers';
import type { DocumentTemplate, OrganizationFacts } from './types';

function devices(facts: OrganizationFacts): string[] {
  return facts.equipment.length ? facts.equipment : [blank('device identification')];
}

export const fstdDailyPreflightForm: DocumentTemplate = {
  type: 'FSTD_DAILY_PREFLIGHT_FORM',
  title: 'FSTD Daily Functional Preflight Check Form',
  slug: 'fstd-daily-functional-preflight-check',
  build: (facts) => [
    {
      heading: 'Procedure',
      paragraphs: [
        `Each flight simulator and flight training device ${facts.organizationName} uses receives a functional preflight check each day before it is used (142.59(c)(3)). The person doing the check completes one form per device per day and signs it.`,
        'A device that fails the check is not used for training, testing or checking until the failed component is corrected, unless the FAA allows its use (142.59(d)).',
      ],
      bullets: devices(facts).map((d) => `Device: ${d}`),
    },
    {
      heading: 'Daily check record',
      paragraphs: [],
      table: {
        header: ['Item', 'Result (pass / fail)', 'Remarks'],
        rows: [
          ['Motion and control loading', '', ''],
          ['Visual system', '', ''],
          ['Instructor station and fault panels', '', ''],
          ['Flight controls and instruments', '', ''],
          ['Communications and sound', '', ''],
          ['Open discrepancies reviewed in the discrepancy log', '', ''],
          ['Device released for training (yes / no)', '', ''],
        ],
      },
      bullets: ['Date: ________  Device: ________', 'Checked by (name, signature): ________'],
    },
  ],
};

export const fstdDiscrepancyLogForm: DocumentTemplate = {
  type: 'FSTD_DISCREPANCY_LOG_FORM',
  title: 'FSTD Discrepancy Log',
  slug: 'fstd-discrepancy-log',
  build: (facts) => [
    {
      heading: 'Procedure',
      paragraphs: [
        `Each device of ${facts.organizationName} has a discrepancy log. At the end of each training session the instructor or evaluator records every discrepancy found (142.59(c)(4)).`,
        'Maintenance records the correction against the entry. Components essential to training, testing or checking must be operative before the device is used again, unless the FAA allows otherwise (142.59(d)).',
      ],
      bullets: devices(facts).map((d) => `Device: ${d}`),
    },
    {
      heading: 'Log',
      paragraphs: [],
      table: {
        header: [
          'Date',
          'Session',
          'Discrepancy',
          'Recorded by',
          'Correction',
          'Corrected by / date',
        ],
        rows: [
          ['', '', '', '', '', ''],
          ['', '', '', '', '', ''],
          ['', '', '', '', '', ''],
        ],
      },
    },
  ],
};
