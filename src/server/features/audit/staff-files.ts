import type { Requirement } from '@shared/api/instructors';
import type { AuditInstructorFile } from '../instructors/service';
import { nameKey } from '../instructors/service';
import { held, type EventFacts, type RecordCheckResult } from './record-events';

const list = (names: readonly string[], limit = 4) =>
  names.length <= limit
    ? names.join(', ')
    : `${names.slice(0, limit).join(', ')} and ${names.length - limit} more`;

/**
 * An instructor item judged from the instructor files (142.73(b)) read against the training
 * records. Pass only when every employed person the requirement applies to is current on it with
 * the evidence of the latest completion on file, and every instructor the records name has a
 * file; fail when the records show someone instructing while not current (after the grace month)
 * or teaching a course without a written designation; partial for the rest, with what is missing.
 * A centre that keeps no files gets `none`: the documents decide, as before.
 */
export function staffFileCheck(
  requirements: readonly Requirement[],
  files: readonly AuditInstructorFile[],
  events: readonly EventFacts[],
): RecordCheckResult {
  if (files.length === 0) return { outcome: 'none', facts: [] };
  const taught = events.filter((e) => held(e) && e.instructor?.trim());
  const byName = new Map(files.map((f) => [nameKey(f.name), f]));
  const eventsOf = (file: AuditInstructorFile) =>
    taught.filter((e) => nameKey(e.instructor!) === nameKey(file.name));

  const met: string[] = [];
  const gaps: string[] = [];
  const breaches: string[] = [];
  let applies = 0;
  for (const file of files) {
    for (const r of file.requirements.filter((x) => requirements.includes(x.requirement))) {
      applies++;
      if (r.status === 'current' || r.status === 'due_soon') {
        if (r.evidence) {
          met.push(
            `${file.name} (${r.paragraph} ${r.lastCompleted}, ${r.evidence.documentName ?? 'a training record'})`,
          );
        } else {
          gaps.push(
            `${file.name}: ${r.paragraph} is recorded as done ${r.lastCompleted} with no document or training record as evidence`,
          );
        }
        continue;
      }
      const since = r.status === 'overdue' ? r.graceUntil : null;
      const after = eventsOf(file).filter((e) => !since || e.eventDate > since);
      const state = r.status === 'overdue' ? `overdue since ${since}` : 'not eligible';
      if (after.length > 0) {
        const last = after
          .map((e) => e.eventDate)
          .sort()
          .at(-1);
        breaches.push(
          `${file.name} is ${state} on ${r.paragraph} (${r.reason}) and instructed ${after.length} training events while so, the last on ${last}`,
        );
      } else {
        gaps.push(`${file.name} is ${state} on ${r.paragraph}: ${r.reason}`);
      }
    }
  }

  if (requirements.includes('designation_142_47_b')) {
    for (const e of taught) {
      const file = byName.get(nameKey(e.instructor!));
      const course = e.course?.trim().toLowerCase();
      if (!file || !course || file.designations.length === 0) continue;
      const designated = file.designations.some(
        (d) => d.course.trim().toLowerCase() === course && d.designatedAt <= e.eventDate,
      );
      if (!designated) {
        breaches.push(
          `${file.name} instructed "${e.course}" on ${e.eventDate} without a written designation for that course dated on or before it (142.47(b))`,
        );
      }
    }
  }
  const unfiled = [
    ...new Set(taught.map((e) => e.instructor!.trim()).filter((n) => !byName.has(nameKey(n)))),
  ];
  if (unfiled.length > 0) {
    gaps.push(
      `The training records name ${unfiled.length} instructors with no instructor file (142.73(b)): ${list(unfiled)}`,
    );
  }
  if (applies === 0 && unfiled.length === 0) return { outcome: 'none', facts: [] };

  const facts = [...breaches, ...gaps].map((s) => `${s}.`);
  if (breaches.length > 0) return { outcome: 'fail', facts };
  if (gaps.length > 0 || applies === 0) {
    if (met.length) facts.push(`Instructor files show it met for ${list(met)}.`);
    return { outcome: 'partial', facts };
  }
  return {
    outcome: 'pass',
    facts: [
      `Every instructor file it applies to shows it met, each with its evidence: ${list(met)}.`,
    ],
  };
}
