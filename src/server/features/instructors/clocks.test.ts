import { describe, expect, it } from 'vitest';
import {
  endOfMonth,
  fileClocks,
  monthIndex,
  nextDueMonth,
  recurrentClock,
  retainUntil,
} from './clocks';

const due = (...dates: string[]) => {
  const month = nextDueMonth(dates);
  return month === null ? null : endOfMonth(month);
};

describe('12 calendar months (142.53(a))', () => {
  it('Jan 31 is due by the end of January a year later, grace to the end of February', () => {
    expect(recurrentClock(['2024-01-31'], '2024-06-01')).toMatchObject({
      nextDue: '2025-01-31',
      graceUntil: '2025-02-28',
      status: 'current',
    });
  });

  it('Feb 29 in a leap year is due by Feb 28 the next year, grace to Mar 31', () => {
    expect(recurrentClock(['2024-02-29'], '2024-06-01')).toMatchObject({
      nextDue: '2025-02-28',
      graceUntil: '2025-03-31',
    });
  });

  it('the first day of a month gives the whole month a year later; December rolls the year', () => {
    expect(due('2023-12-01')).toBe('2024-12-31');
    expect(recurrentClock(['2023-12-01'], '2024-01-01').graceUntil).toBe('2025-01-31');
  });

  it('a leap-year February due date ends on the 29th', () => {
    expect(due('2023-02-01')).toBe('2024-02-29');
  });
});

describe('the grace month of 142.53(c)', () => {
  it('done in the month before the month due counts as done in the month due', () => {
    // Done June 2023, due June 2024; done May 2024 -> next due June 2025, not May 2025.
    expect(due('2023-06-10', '2024-05-05')).toBe('2025-06-30');
  });

  it('done in the month after the month due counts as done in the month due', () => {
    expect(due('2023-06-10', '2024-07-20')).toBe('2025-06-30');
  });

  it('done two months early restarts the clock from the month it was done', () => {
    expect(due('2023-06-10', '2024-04-20')).toBe('2025-04-30');
  });

  it('done after the grace month restarts the clock from the month it was done', () => {
    expect(due('2023-06-10', '2024-08-01')).toBe('2025-08-31');
  });

  it('keeps the anniversary month through several years of grace-month completions', () => {
    expect(due('2020-03-15', '2021-02-27', '2022-04-01', '2023-03-31')).toBe('2024-03-31');
  });

  it('is past due but not overdue during the grace month, overdue on the first day after it', () => {
    const done = ['2023-03-15'];
    expect(recurrentClock(done, '2024-03-31').status).toBe('due_soon');
    expect(recurrentClock(done, '2024-04-01')).toMatchObject({ status: 'due_soon' });
    expect(recurrentClock(done, '2024-04-01').reason).toContain('grace month');
    expect(recurrentClock(done, '2024-04-30').status).toBe('due_soon');
    expect(recurrentClock(done, '2024-05-01')).toMatchObject({ status: 'overdue' });
    expect(recurrentClock(done, '2024-05-01').reason).toContain('2024-05-01');
  });
});

describe('status of a requirement', () => {
  it('is due soon within 30 days of the due date, current before', () => {
    expect(recurrentClock(['2024-01-10'], '2025-01-01').status).toBe('due_soon');
    expect(recurrentClock(['2024-01-10'], '2024-12-31').status).toBe('current');
    expect(recurrentClock(['2024-01-10'], '2024-12-30').status).toBe('current');
  });

  it('is not eligible when never done', () => {
    expect(recurrentClock([], '2025-01-01')).toMatchObject({
      status: 'not_eligible',
      nextDue: null,
    });
  });

  it('month index and end of month agree', () => {
    expect(endOfMonth(monthIndex('2024-02-10'))).toBe('2024-02-29');
  });
});

describe('a person file', () => {
  const complete = {
    designations: [{ course: 'B737 Type Rating', device: 'FFS-1', designatedAt: '2024-02-01' }],
    instructsInAircraft: false,
    atpSimulator: false,
    qualifications: [
      { kind: 'pre_designation_ground_142_47_c1', completedAt: '2024-01-10' },
      { kind: 'pre_designation_test_142_47_c2', completedAt: '2024-01-12' },
      { kind: 'designation_142_47_b', completedAt: '2024-02-01' },
      { kind: 'instruction_demonstration_142_53_a1', completedAt: '2024-01-20' },
      { kind: 'recurrent_ground_142_53_a2', completedAt: '2024-01-15' },
      { kind: 'device_training_142_53_a3', completedAt: '2024-01-18' },
      { kind: 'written_test_142_53_a7', completedAt: '2024-01-19' },
      { kind: 'proficiency_check_142_53_a7', completedAt: '2024-03-05' },
    ],
  } as const;

  it('is current when every applicable item is done, with the device items applying', () => {
    const clocks = fileClocks(complete, '2024-06-01');
    expect(clocks.status).toBe('current');
    expect(clocks.requirements.map((r) => r.requirement)).toContain('proficiency_check_142_53_a7');
    expect(clocks.requirements.map((r) => r.requirement)).not.toContain('simulator_atp_142_53_b');
    expect(clocks.nextDue).toBe('2025-01-31');
  });

  it('takes the worst requirement and names its paragraph', () => {
    const clocks = fileClocks(complete, '2025-03-01');
    expect(clocks.status).toBe('overdue');
    expect(clocks.statusReason.paragraph).toBe('142.53(a)(1)');
    expect(clocks.statusReason.message).toContain('Overdue since 2025-03-01');
  });

  it('is not eligible without pre-designation training, citing 142.47(c)(1)', () => {
    const clocks = fileClocks(
      { ...complete, qualifications: complete.qualifications.slice(1) },
      '2024-06-01',
    );
    expect(clocks.status).toBe('not_eligible');
    expect(clocks.statusReason.paragraph).toBe('142.47(c)(1)');
  });

  it('is not eligible when pre-designation training came after the initial designation', () => {
    const clocks = fileClocks(
      {
        ...complete,
        qualifications: [
          { kind: 'pre_designation_ground_142_47_c1', completedAt: '2024-03-01' },
          ...complete.qualifications.slice(1),
        ],
      },
      '2024-06-01',
    );
    expect(clocks.statusReason).toMatchObject({ paragraph: '142.47(c)(1)' });
    expect(clocks.status).toBe('not_eligible');
  });

  it('adds 142.53(b) for an ATP simulator instructor, met by any of its three options', () => {
    const input = {
      ...complete,
      atpSimulator: true,
      qualifications: [
        ...complete.qualifications,
        { kind: 'line_observation_142_53_b2', completedAt: '2024-02-10' },
      ],
    } as const;
    const b = fileClocks(input, '2024-06-01').requirements.find(
      (r) => r.requirement === 'simulator_atp_142_53_b',
    );
    expect(b).toMatchObject({ paragraph: '142.53(b)', status: 'current', nextDue: '2025-02-28' });
  });
});

describe('retention under 142.73(c)(2)', () => {
  it('is one year after employment ends; Feb 29 becomes Feb 28', () => {
    expect(retainUntil('2024-06-30')).toBe('2025-06-30');
    expect(retainUntil('2024-02-29')).toBe('2025-02-28');
    expect(retainUntil(null)).toBeNull();
  });
});
