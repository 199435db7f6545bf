import type { RecordCheckId } from './rules/groups';

/** The parts of a training event (14 CFR 142.73 record) the checks read. */
export interface EventFacts {
  id: string;
  studentName: string;
  licenseNumber: string | null;
  course: string | null;
  eventType: string;
  eventDate: string;
  status: string;
  result: string | null;
  instructor: string | null;
  evaluator: string | null;
  remarks: string | null;
}

/**
 * pass: the records show the requirement met; fail: they show it broken; partial: some records
 * are incomplete; none: there are no records the check can read.
 */
export interface RecordCheckResult {
  outcome: 'pass' | 'fail' | 'partial' | 'none';
  /** Sentences stating what was counted, quoted in the analysis. */
  facts: string[];
}

/** Events that are tests or checks (end-of-course practical tests, checkrides, evaluations). */
export function isCheckEvent(e: Pick<EventFacts, 'eventType'>): boolean {
  return /check|test|evaluation|checkride|examination/i.test(e.eventType);
}

const held = (e: EventFacts) => e.status === 'completed' || e.status === 'failed';
const blank = (v: string | null) => v === null || v.trim() === '';
const dayNumber = (date: string) => Math.floor(Date.parse(`${date}T00:00:00Z`) / 86_400_000);

function examples(events: EventFacts[], limit = 3): string {
  return events
    .slice(0, limit)
    .map((e) => `${e.studentName}, ${e.eventType} on ${e.eventDate}`)
    .join('; ');
}

function share(part: number, whole: number) {
  return `${part} of ${whole}`;
}

/** A field every held event must carry: pass when all do, partial when some lack it. */
function fieldPresence(
  events: EventFacts[],
  pick: (e: EventFacts) => string | null,
  label: string,
): RecordCheckResult {
  const relevant = events.filter(held);
  if (relevant.length === 0) return { outcome: 'none', facts: [] };
  const missing = relevant.filter((e) => blank(pick(e)));
  if (missing.length === 0) {
    return {
      outcome: 'pass',
      facts: [`All ${relevant.length} held training events record the ${label}.`],
    };
  }
  return {
    outcome: missing.length === relevant.length ? 'fail' : 'partial',
    facts: [
      `${share(missing.length, relevant.length)} held training events do not record the ${label} (${examples(missing)}).`,
    ],
  };
}

/**
 * 142.13(b): graduation candidates are tested within 7 calendar days of completing training.
 * For each trainee and course, the gap runs from the last completed training event before a
 * check to that check.
 */
function evaluationWithinSevenDays(events: EventFacts[]): RecordCheckResult {
  const byTrainee = new Map<string, EventFacts[]>();
  for (const e of events.filter(held)) {
    const key = `${e.studentName.trim().toLowerCase()}|${(e.course ?? '').trim().toLowerCase()}`;
    byTrainee.set(key, [...(byTrainee.get(key) ?? []), e]);
  }
  const late: string[] = [];
  let measured = 0;
  for (const list of byTrainee.values()) {
    list.sort((a, b) => a.eventDate.localeCompare(b.eventDate));
    let lastTraining: EventFacts | undefined;
    for (const e of list) {
      if (!isCheckEvent(e)) {
        if (e.status === 'completed') lastTraining = e;
        continue;
      }
      if (!lastTraining) continue;
      measured++;
      const gap = dayNumber(e.eventDate) - dayNumber(lastTraining.eventDate);
      if (gap > 7) {
        late.push(
          `${e.studentName}: training completed ${lastTraining.eventDate}, ${e.eventType} on ${e.eventDate} (${gap} days)`,
        );
      }
      lastTraining = undefined;
    }
  }
  if (measured === 0) return { outcome: 'none', facts: [] };
  if (late.length === 0) {
    return {
      outcome: 'pass',
      facts: [
        `All ${measured} checks in the training records followed training within 7 calendar days.`,
      ],
    };
  }
  return {
    outcome: 'fail',
    facts: [
      `${share(late.length, measured)} checks came more than 7 calendar days after training was completed: ${late.slice(0, 3).join('; ')}.`,
    ],
  };
}

function practicalTests(events: EventFacts[]): RecordCheckResult {
  const checks = events.filter((e) => held(e) && isCheckEvent(e));
  if (checks.length === 0) return { outcome: 'none', facts: [] };
  const noEvaluator = checks.filter((e) => blank(e.evaluator));
  const noResult = checks.filter((e) => e.status === 'completed' && blank(e.result));
  const facts: string[] = [];
  if (noEvaluator.length) {
    facts.push(
      `${share(noEvaluator.length, checks.length)} practical tests and checks do not name the evaluator (${examples(noEvaluator)}).`,
    );
  }
  if (noResult.length) {
    facts.push(`${share(noResult.length, checks.length)} completed checks record no result.`);
  }
  if (facts.length === 0) {
    return {
      outcome: 'pass',
      facts: [`All ${checks.length} practical tests and checks record date, result and evaluator.`],
    };
  }
  return { outcome: noEvaluator.length === checks.length ? 'fail' : 'partial', facts };
}

/** 142.73(a)(7): a failed check is followed by recorded additional training for the trainee. */
function additionalTraining(events: EventFacts[]): RecordCheckResult {
  const failed = events.filter((e) => e.status === 'failed' && isCheckEvent(e));
  if (failed.length === 0) {
    const checks = events.filter((e) => held(e) && isCheckEvent(e)).length;
    return checks === 0
      ? { outcome: 'none', facts: [] }
      : {
          outcome: 'pass',
          facts: [`None of the ${checks} recorded checks failed; no additional training was due.`],
        };
  }
  const without = failed.filter(
    (f) =>
      !events.some(
        (e) =>
          e.studentName.trim().toLowerCase() === f.studentName.trim().toLowerCase() &&
          !isCheckEvent(e) &&
          e.eventDate >= f.eventDate &&
          e.id !== f.id,
      ) && !/additional|retrain|hours?/i.test(f.remarks ?? ''),
  );
  if (without.length === 0) {
    return {
      outcome: 'pass',
      facts: [
        `Each of the ${failed.length} failed checks is followed by recorded additional training.`,
      ],
    };
  }
  return {
    outcome: 'fail',
    facts: [
      `${share(without.length, failed.length)} failed checks have no additional training recorded after them (${examples(without)}).`,
    ],
  };
}

/** 142.65(c): a trainee is recommended only after passing the final tests. */
function graduationAfterTests(events: EventFacts[]): RecordCheckResult {
  const checks = events.filter((e) => held(e) && isCheckEvent(e));
  if (checks.length === 0) return { outcome: 'none', facts: [] };
  const passedWithoutResult = checks.filter((e) => e.status === 'completed' && blank(e.result));
  if (passedWithoutResult.length === 0) {
    return {
      outcome: 'pass',
      facts: [`All ${checks.length} final tests and checks in the records carry their outcome.`],
    };
  }
  return {
    outcome: 'partial',
    facts: [
      `${share(passedWithoutResult.length, checks.length)} completed checks record no result.`,
    ],
  };
}

function instructorsOnRecord(events: EventFacts[]): RecordCheckResult {
  const relevant = events.filter(held);
  if (relevant.length === 0) return { outcome: 'none', facts: [] };
  const names = new Set(
    relevant.map((e) => e.instructor?.trim()).filter((n): n is string => Boolean(n)),
  );
  if (names.size === 0) {
    return { outcome: 'partial', facts: ['No training event names its instructor.'] };
  }
  return {
    outcome: 'pass',
    facts: [
      `${names.size} instructors gave the ${relevant.length} held training events (${[...names].slice(0, 4).join(', ')}).`,
    ],
  };
}

export function runRecordCheck(check: RecordCheckId, events: EventFacts[]): RecordCheckResult {
  switch (check) {
    case 'trainee-name':
      return fieldPresence(events, (e) => e.studentName, 'trainee’s name');
    case 'trainee-certificates':
      return fieldPresence(events, (e) => e.licenseNumber, 'trainee’s certificate number');
    case 'trainee-course':
      return fieldPresence(events, (e) => e.course, 'course name');
    case 'trainee-lesson-instructor':
      return fieldPresence(
        events.filter((e) => !isCheckEvent(e)),
        (e) => e.instructor,
        'instructor’s name',
      );
    case 'trainee-practical-tests':
      return practicalTests(events);
    case 'trainee-additional-training':
      return additionalTraining(events);
    case 'evaluation-within-7-days':
      return evaluationWithinSevenDays(events);
    case 'instructors-on-record':
      return instructorsOnRecord(events);
    case 'graduation-after-tests':
      return graduationAfterTests(events);
  }
}
