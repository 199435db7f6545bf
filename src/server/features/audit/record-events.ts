/**
 * The training events the record checks read, and the words they share: what a check or test
 * is, what counts as not passed, how an event is cited.
 */
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

/**
 * Events that are tests or checks (end-of-course practical tests, checkrides, evaluations). An
 * event that names training, a lesson or a briefing first is training about a test ("Additional
 * training after failed test", "Checkride preparation lesson"), not the test.
 */
export function isCheckEvent(e: Pick<EventFacts, 'eventType'>): boolean {
  const type = e.eventType;
  if (/\b(preparation|prep|briefing|debriefing)\b/i.test(type)) return false;
  if (/\b(training|lesson|session)\b.*\b(after|before|for|prior to)\b/i.test(type)) return false;
  return /check|test|evaluation|checkride|examination/i.test(type);
}

const FAILED_RESULT =
  /\b(unsat\w*|fail\w*|incomplete|not\s+(satisfactory|passed|completed?)|did\s+not\s+pass|disapproved)\b/i;
const PASSED_RESULT = /^\s*(pass(ed)?|sat(isfactory)?|complete[d]?|approved)\b/i;

/**
 * An event that was not passed: status failed, or a result such as Unsatisfactory, Fail, Unsat or
 * Incomplete, whatever the status says (imported records often mark a failed check "completed").
 */
export function isUnsatisfactory(e: Pick<EventFacts, 'status' | 'result'>): boolean {
  if (e.status === 'failed') return true;
  const result = e.result ?? '';
  return FAILED_RESULT.test(result) && !PASSED_RESULT.test(result);
}

/** Events that mean a trainee finished: graduation, course completion, a recommendation. */
export function isCompletionEvent(e: Pick<EventFacts, 'eventType'>): boolean {
  return /graduat|course\s+completion|completion\s+certificate|recommend/i.test(e.eventType);
}

/** A document that says a trainee completed or graduated (a certificate of completion). */
export interface CompletionDocument {
  studentName: string;
  documentName: string;
}

/** What the checks may read beside the events. */
export interface RecordContext {
  completions?: readonly CompletionDocument[];
}

export const held = (e: EventFacts) => e.status === 'completed' || e.status === 'failed';
const traineeKey = (e: Pick<EventFacts, 'studentName'>) => e.studentName.trim().toLowerCase();

/**
 * The events of each trainee, grouped once: the checks look up a trainee's other events for every
 * failed check or completion, which over a whole organization's records must not scan them all.
 */
export function eventsByTrainee(events: readonly EventFacts[]): (e: EventFacts) => EventFacts[] {
  const groups = new Map<string, EventFacts[]>();
  for (const e of events) {
    const key = traineeKey(e);
    const group = groups.get(key);
    if (group) group.push(e);
    else groups.set(key, [e]);
  }
  return (e) => groups.get(traineeKey(e)) ?? [];
}
const outcomeOf = (e: EventFacts) => e.result?.trim() || (e.status === 'failed' ? 'failed' : '');
export const cite = (e: EventFacts) =>
  `${e.studentName}, ${e.eventType} on ${e.eventDate} (${outcomeOf(e)})`;
export const blank = (v: string | null) => v === null || v.trim() === '';
export const dayNumber = (date: string) => Math.floor(Date.parse(`${date}T00:00:00Z`) / 86_400_000);

export function examples(events: EventFacts[], limit = 3): string {
  return events
    .slice(0, limit)
    .map((e) => `${e.studentName}, ${e.eventType} on ${e.eventDate}`)
    .join('; ');
}

export function share(part: number, whole: number) {
  return `${part} of ${whole}`;
}
