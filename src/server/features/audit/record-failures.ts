import {
  blank,
  cite,
  held,
  isCheckEvent,
  isCompletionEvent,
  isUnsatisfactory,
  eventsByTrainee,
  share,
  type EventFacts,
  type RecordCheckResult,
  type RecordContext,
} from './record-events';

/** The checks that look for failed tests and what followed them (142.73(a)(7), 142.65(c), (d)). */

const HOURS = /\b\d+(\.\d+)?\s*(hours?|hrs?|h)\b/i;

/**
 * 142.73(a)(7): the hours of additional training given after a failed check are recorded: a
 * later training event of the trainee, with the hours in its remarks or the failed check's.
 */
export function additionalTraining(events: EventFacts[]): RecordCheckResult {
  const failed = events.filter((e) => held(e) && isCheckEvent(e) && isUnsatisfactory(e));
  if (failed.length === 0) {
    const checks = events.filter((e) => held(e) && isCheckEvent(e)).length;
    return checks === 0
      ? { outcome: 'none', facts: [] }
      : {
          outcome: 'pass',
          facts: [
            `None of the ${checks} recorded checks is unsatisfactory; no additional training was due.`,
          ],
        };
  }
  const ofTrainee = eventsByTrainee(events);
  const after = (f: EventFacts) =>
    ofTrainee(f).filter((e) => !isCheckEvent(e) && e.eventDate >= f.eventDate && e.id !== f.id);
  const without = failed.filter(
    (f) => after(f).length === 0 && !/additional|retrain/i.test(f.remarks ?? ''),
  );
  const noHours = failed.filter(
    (f) => !without.includes(f) && ![f, ...after(f)].some((e) => HOURS.test(e.remarks ?? '')),
  );
  if (without.length > 0) {
    return {
      outcome: 'fail',
      facts: [
        `${share(without.length, failed.length)} unsatisfactory checks have no additional training recorded after them: ${without.slice(0, 3).map(cite).join('; ')}.`,
      ],
    };
  }
  if (noHours.length > 0) {
    return {
      outcome: 'partial',
      facts: [
        `Additional training follows each of the ${failed.length} unsatisfactory checks, but its hours are not recorded after ${noHours.slice(0, 3).map(cite).join('; ')}.`,
      ],
    };
  }
  return {
    outcome: 'pass',
    facts: [
      `Each of the ${failed.length} unsatisfactory checks is followed by additional training with its hours recorded (${failed.slice(0, 3).map(cite).join('; ')}).`,
    ],
  };
}

const sameCourse = (a: EventFacts, b: EventFacts) =>
  (a.course ?? '').trim().toLowerCase() === (b.course ?? '').trim().toLowerCase();

/**
 * Trainees recommended or graduated while the course's training was not done: a training event
 * of the same course still pending on that day, or flown after it (142.65(c)(1), (d)).
 */
function finishedEarly(events: EventFacts[]): string[] {
  const training = (e: EventFacts) => !isCheckEvent(e) && !isCompletionEvent(e);
  const ofTrainee = eventsByTrainee(events);
  return events
    .filter((e) => held(e) && isCompletionEvent(e))
    .flatMap((done) => {
      const course = ofTrainee(done).filter((e) => sameCourse(e, done));
      const open = course.find(
        (e) => training(e) && e.status === 'pending' && e.eventDate <= done.eventDate,
      );
      const later = course.find((e) => training(e) && e.eventDate > done.eventDate);
      const left = open ?? later;
      if (!left) return [];
      return [
        `${done.studentName}, ${done.eventType} on ${done.eventDate}, while ${left.eventType} ${left === open ? 'was still pending' : `was flown on ${left.eventDate}`}`,
      ];
    });
}

/**
 * Unsatisfactory checks with no passed retest of the same trainee after them, and whether the
 * trainee was nevertheless shown as finished (a completion event or a certificate of completion).
 * Negative evidence for every item about passing, completion and graduation (142.65(c), (d)).
 */
export function openFailures(events: EventFacts[], context: RecordContext): RecordCheckResult {
  const early = finishedEarly(events);
  if (early.length > 0) {
    return {
      outcome: 'fail',
      facts: [
        `The records show ${early.length === 1 ? 'a trainee' : `${early.length} trainees`} recommended or graduated before the course's training was done: ${early.slice(0, 3).join('; ')}.`,
      ],
    };
  }
  const checks = events.filter((e) => held(e) && isCheckEvent(e));
  if (checks.length === 0) return { outcome: 'none', facts: [] };
  const failed = checks.filter(isUnsatisfactory);
  const ofTrainee = eventsByTrainee(events);
  const open = failed.filter(
    (f) =>
      !ofTrainee(f).some(
        (c) =>
          held(c) &&
          isCheckEvent(c) &&
          c.eventDate >= f.eventDate &&
          c.id !== f.id &&
          !isUnsatisfactory(c),
      ),
  );
  const finishedAnyway = open.flatMap((f) => {
    const event = ofTrainee(f).find((e) => isCompletionEvent(e) && e.eventDate >= f.eventDate);
    if (event) return [`${cite(f)}, then ${event.eventType} on ${event.eventDate}`];
    const name = f.studentName.trim().toLowerCase();
    const document = context.completions?.find((c) => c.studentName.trim().toLowerCase() === name);
    return document ? [`${cite(f)}, yet ${document.documentName} certifies completion`] : [];
  });
  if (finishedAnyway.length > 0) {
    return {
      outcome: 'fail',
      facts: [
        `The records show a trainee finished without passing: ${finishedAnyway.slice(0, 3).join('; ')}; no passed retest is recorded.`,
      ],
    };
  }
  if (open.length > 0) {
    return {
      outcome: 'partial',
      facts: [
        `The training records hold ${open.length === 1 ? 'an unsatisfactory check' : `${open.length} unsatisfactory checks`} with no passed retest: ${open.slice(0, 3).map(cite).join('; ')}. Nothing may show ${open.length === 1 ? 'this trainee' : 'these trainees'} as finished or recommended until a retest is passed.`,
      ],
    };
  }
  if (failed.length > 0) {
    return {
      outcome: 'pass',
      facts: [
        `Each of the ${failed.length} unsatisfactory checks was followed by a passed retest (${failed.slice(0, 3).map(cite).join('; ')}).`,
      ],
    };
  }
  return {
    outcome: 'pass',
    facts: [`All ${checks.length} checks in the training records were passed.`],
  };
}

/** 142.65(c): a trainee is recommended only after passing the final tests. */
export function graduationAfterTests(
  events: EventFacts[],
  context: RecordContext,
): RecordCheckResult {
  const failures = openFailures(events, context);
  if (failures.outcome !== 'pass') return failures;
  const checks = events.filter((e) => held(e) && isCheckEvent(e));
  const passedWithoutResult = checks.filter((e) => e.status === 'completed' && blank(e.result));
  if (passedWithoutResult.length === 0) {
    return {
      outcome: 'pass',
      facts: [
        `All ${checks.length} final tests and checks in the records carry their outcome.`,
        ...failures.facts.filter((f) => f.startsWith('Each')),
      ],
    };
  }
  return {
    outcome: 'partial',
    facts: [
      `${share(passedWithoutResult.length, checks.length)} completed checks record no result.`,
    ],
  };
}
