import {
  QUALIFICATION_LABELS,
  type InstructorStatus,
  type QualificationKind,
  type Requirement,
  type RequirementStatus,
  type StatusReason,
} from '@shared/api/instructors';

/**
 * The compliance clocks of an instructor file, as pure functions of its stored events.
 *
 * "Every 12 calendar months" (142.53(a)): an item done in any day of month M is due by the last
 * day of month M+12. The grace month of 142.53(c): done in the month before or after the month
 * due (M+11 or M+13) counts as done in M+12, so the next due month is M+24, not moved. Done
 * earlier than that, the clock restarts from the month it was done; done later, it was overdue
 * and restarts too. Overdue on the first day after the grace month.
 */

/** Days before the due date at which a requirement shows as due soon. */
export const DUE_SOON_DAYS = 30;

/** Year*12 + month-1 of a YYYY-MM-DD date. */
export function monthIndex(date: string): number {
  return Number(date.slice(0, 4)) * 12 + Number(date.slice(5, 7)) - 1;
}

/** The last day (YYYY-MM-DD) of a month index. */
export function endOfMonth(index: number): string {
  const year = Math.floor(index / 12);
  const month = index % 12; // 0-based
  return new Date(Date.UTC(year, month + 1, 0)).toISOString().slice(0, 10);
}

function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** The month index an item is next due, from every completion of it (any order); null if none. */
export function nextDueMonth(completions: readonly string[]): number | null {
  let due: number | null = null;
  for (const month of completions.map(monthIndex).sort((a, b) => a - b)) {
    due = due !== null && month >= due - 1 && month <= due + 1 ? due + 12 : month + 12;
  }
  return due;
}

export interface RecurrentClock {
  lastCompleted: string | null;
  nextDue: string | null;
  graceUntil: string | null;
  status: InstructorStatus;
  reason: string;
}

/** The clock of one 12-calendar-month item on `today` (YYYY-MM-DD). */
export function recurrentClock(completions: readonly string[], today: string): RecurrentClock {
  const due = nextDueMonth(completions);
  if (due === null) {
    return {
      lastCompleted: null,
      nextDue: null,
      graceUntil: null,
      status: 'not_eligible',
      reason: 'Never completed; required before designation',
    };
  }
  const lastCompleted = [...completions].sort().at(-1)!;
  const nextDue = endOfMonth(due);
  const graceUntil = endOfMonth(due + 1);
  const base = { lastCompleted, nextDue, graceUntil };
  if (today > graceUntil) {
    return {
      ...base,
      status: 'overdue',
      reason: `Overdue since ${endOfMonth(due + 2).slice(0, 8)}01 (grace month ended ${graceUntil})`,
    };
  }
  if (today > nextDue) {
    return {
      ...base,
      status: 'due_soon',
      reason: `Past due ${nextDue}; in the grace month of 142.53(c) until ${graceUntil}`,
    };
  }
  if (daysBetween(today, nextDue) <= DUE_SOON_DAYS) {
    return { ...base, status: 'due_soon', reason: `Due by ${nextDue}` };
  }
  return { ...base, status: 'current', reason: `Current until ${nextDue}` };
}

export interface ClockInput {
  qualifications: readonly { kind: QualificationKind; completedAt: string }[];
  designations: readonly { course: string; device: string | null; designatedAt: string }[];
  instructsInAircraft: boolean;
  atpSimulator: boolean;
}

interface RequirementRule {
  requirement: Requirement;
  paragraph: string;
  kinds: readonly QualificationKind[];
  applies: (input: ClockInput) => boolean;
  recurrent: boolean;
}

const always = () => true;
const deviceInstructor = (input: ClockInput) => input.designations.some((d) => d.device !== null);

/** Which requirements apply to whom, and which events satisfy them. */
export const REQUIREMENT_RULES: readonly RequirementRule[] = [
  {
    requirement: 'designation_142_47_b',
    paragraph: '142.47(b)',
    kinds: ['designation_142_47_b'],
    applies: always,
    recurrent: false,
  },
  {
    requirement: 'pre_designation_ground_142_47_c1',
    paragraph: '142.47(c)(1)',
    kinds: ['pre_designation_ground_142_47_c1'],
    applies: always,
    recurrent: false,
  },
  {
    requirement: 'pre_designation_test_142_47_c2',
    paragraph: '142.47(c)(2)',
    kinds: ['pre_designation_test_142_47_c2'],
    applies: always,
    recurrent: false,
  },
  {
    requirement: 'instruction_demonstration_142_53_a1',
    paragraph: '142.53(a)(1)',
    kinds: ['instruction_demonstration_142_53_a1'],
    applies: always,
    recurrent: true,
  },
  {
    requirement: 'recurrent_ground_142_53_a2',
    paragraph: '142.53(a)(2)',
    kinds: ['recurrent_ground_142_53_a2'],
    applies: always,
    recurrent: true,
  },
  {
    requirement: 'device_training_142_53_a3',
    paragraph: '142.53(a)(3)',
    kinds: ['device_training_142_53_a3'],
    applies: deviceInstructor,
    recurrent: true,
  },
  {
    requirement: 'aircraft_training_142_53_a5',
    paragraph: '142.53(a)(5)',
    kinds: ['aircraft_training_142_53_a5'],
    applies: (i) => i.instructsInAircraft,
    recurrent: true,
  },
  {
    requirement: 'written_test_142_53_a7',
    paragraph: '142.53(a)(7)',
    kinds: ['written_test_142_53_a7'],
    applies: deviceInstructor,
    recurrent: true,
  },
  {
    requirement: 'proficiency_check_142_53_a7',
    paragraph: '142.53(a)(7)',
    kinds: ['proficiency_check_142_53_a7'],
    applies: deviceInstructor,
    recurrent: true,
  },
  {
    requirement: 'simulator_atp_142_53_b',
    paragraph: '142.53(b)',
    kinds: [
      'aircraft_flight_142_53_b1',
      'line_observation_142_53_b2',
      'inflight_observation_142_53_b3',
    ],
    applies: (i) => i.atpSimulator,
    recurrent: true,
  },
];

const LABELS: Record<Requirement, string> = {
  ...(QUALIFICATION_LABELS as Record<string, string>),
  simulator_atp_142_53_b: 'ATP/type-rating simulator: aircraft flight or observation plus LOFT',
} as Record<Requirement, string>;

function oneTimeStatus(
  rule: RequirementRule,
  dates: string[],
  input: ClockInput,
): RequirementStatus {
  const label = LABELS[rule.requirement];
  const base = {
    requirement: rule.requirement,
    label,
    paragraph: rule.paragraph,
    nextDue: null,
    graceUntil: null,
  };
  const first = dates[0] ?? null;
  const last = dates.at(-1) ?? null;
  if (!first) {
    const reason =
      rule.requirement === 'designation_142_47_b'
        ? 'Not designated in writing for any course'
        : 'Not completed; required before initial designation';
    return { ...base, lastCompleted: null, status: 'not_eligible', reason };
  }
  if (rule.requirement === 'designation_142_47_b') {
    const courses = [...new Set(input.designations.map((d) => d.course))].join(', ');
    return {
      ...base,
      lastCompleted: last,
      status: 'current',
      reason: `Designated for ${courses || 'a course'}`,
    };
  }
  const initial = input.designations.map((d) => d.designatedAt).sort()[0];
  if (initial && first > initial) {
    return {
      ...base,
      lastCompleted: last,
      status: 'not_eligible',
      reason: `Completed ${first}, after the initial designation of ${initial}; 142.47(c) requires it before`,
    };
  }
  return { ...base, lastCompleted: last, status: 'current', reason: `Completed ${first}` };
}

const SEVERITY: Record<InstructorStatus, number> = {
  current: 0,
  due_soon: 1,
  overdue: 2,
  not_eligible: 3,
};

export interface FileClocks {
  status: InstructorStatus;
  statusReason: StatusReason;
  requirements: RequirementStatus[];
  nextDue: string | null;
}

/** Every applicable requirement's clock on `today`, and the person's status: the worst of them. */
export function fileClocks(input: ClockInput, today: string): FileClocks {
  const requirements: RequirementStatus[] = [];
  for (const rule of REQUIREMENT_RULES) {
    if (!rule.applies(input)) continue;
    const dates = input.qualifications
      .filter((q) => rule.kinds.includes(q.kind))
      .map((q) => q.completedAt)
      .sort();
    if (!rule.recurrent) {
      requirements.push(oneTimeStatus(rule, dates, input));
      continue;
    }
    const clock = recurrentClock(dates, today);
    requirements.push({
      requirement: rule.requirement,
      label: LABELS[rule.requirement],
      paragraph: rule.paragraph,
      ...clock,
    });
  }
  let worst: RequirementStatus | null = null;
  for (const r of requirements) {
    if (!worst || SEVERITY[r.status] > SEVERITY[worst.status]) worst = r;
    else if (
      r.status === worst.status &&
      r.nextDue &&
      (!worst.nextDue || r.nextDue < worst.nextDue)
    )
      worst = r;
  }
  const dues = requirements
    .map((r) => r.nextDue)
    .filter((d): d is string => d !== null)
    .sort();
  return {
    status: worst?.status ?? 'not_eligible',
    statusReason: worst
      ? {
          requirement: worst.requirement,
          paragraph: worst.paragraph,
          message: `${worst.paragraph} ${worst.label}: ${worst.reason}`,
        }
      : { requirement: null, paragraph: '142.47(b)', message: 'No requirements recorded' },
    requirements,
    nextDue: dues[0] ?? null,
  };
}

/** Earliest day a file may be deleted under 142.73(c)(2): one year after employment ends. */
export function retainUntil(employedUntil: string | null): string | null {
  if (!employedUntil) return null;
  const [y, m, d] = employedUntil.split('-').map(Number) as [number, number, number];
  // Feb 29 + 1 year -> Feb 28 (the last day of that February), never March 1.
  const last = new Date(Date.UTC(y + 1, m, 0)).getUTCDate();
  return `${y + 1}-${String(m).padStart(2, '0')}-${String(Math.min(d, last)).padStart(2, '0')}`;
}
