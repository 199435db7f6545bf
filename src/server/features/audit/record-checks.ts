import type { RecordCheckId } from './rules/groups';
import {
  blank,
  dayNumber,
  examples,
  held,
  isCheckEvent,
  share,
  type EventFacts,
  type RecordCheckResult,
  type RecordContext,
} from './record-events';
import { additionalTraining, graduationAfterTests, openFailures } from './record-failures';

export {
  isCheckEvent,
  isUnsatisfactory,
  type CompletionDocument,
  type EventFacts,
  type RecordCheckResult,
  type RecordContext,
} from './record-events';

/**
 * A field every held event must carry. 142.73(a) asks it of each trainee's record, so one record
 * without it is a finding (fail, with the records named); `optional` fields, which the rule asks
 * for only "if any" (a trainee may hold no pilot certificate), make a gap partial instead.
 */
function fieldPresence(
  events: EventFacts[],
  pick: (e: EventFacts) => string | null,
  label: string,
  optional = false,
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
    outcome: optional && missing.length < relevant.length ? 'partial' : 'fail',
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
  const noEvaluator: EventFacts[] = [];
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
      if (blank(e.evaluator)) noEvaluator.push(e);
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
  if (late.length === 0 && noEvaluator.length > 0) {
    return {
      outcome: 'partial',
      facts: [
        `All ${measured} checks followed training within 7 calendar days, but ${share(noEvaluator.length, measured)} do not name the evaluator who gave them (${examples(noEvaluator)}).`,
      ],
    };
  }
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
  // Each test's record must show its date, result and evaluator (142.73(a)(6)): one without is a finding.
  return { outcome: 'fail', facts };
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

export function runRecordCheck(
  check: RecordCheckId,
  events: EventFacts[],
  context: RecordContext = {},
): RecordCheckResult {
  switch (check) {
    case 'trainee-name':
      return fieldPresence(events, (e) => e.studentName, 'trainee’s name');
    case 'trainee-certificates':
      return fieldPresence(events, (e) => e.licenseNumber, 'trainee’s certificate number', true);
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
      return graduationAfterTests(events, context);
    case 'no-open-failures':
      return openFailures(events, context);
  }
}
