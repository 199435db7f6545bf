import type { OrganizationFacts } from './types';

/** A blank the centre must fill in; brackets make it impossible to mistake for a fact. */
export const blank = (what: string) => `[${what}]`;

export function names(list: string[], none: string): string {
  if (list.length === 0) return none;
  if (list.length === 1) return list[0]!;
  return `${list.slice(0, -1).join(', ')} and ${list[list.length - 1]}`;
}

export function certificateLine(facts: OrganizationFacts): string {
  return facts.certificateNumber
    ? `certificate number ${facts.certificateNumber}`
    : `certificate number ${blank('certificate number')}`;
}

export function courseNames(facts: OrganizationFacts): string[] {
  return facts.courses.map((c) => c.name);
}

export function period(first: string | null, last: string | null): string {
  if (!first || !last) return 'no dates on record yet';
  return first === last ? `on ${first}` : `from ${first} to ${last}`;
}

export function trainingSummary(facts: OrganizationFacts): string {
  const t = facts.trainingEvents;
  if (t.total === 0) return 'Centerline holds no training records for the organization yet.';
  return (
    `Centerline holds ${t.total} training record${t.total === 1 ? '' : 's'} for the organization, ` +
    `dated ${period(t.first, t.last)}: ${t.completed} completed, ${t.pending} pending and ${t.failed} failed.`
  );
}
