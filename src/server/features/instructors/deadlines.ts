import type { InstructorStatus, Requirement } from '@shared/api/instructors';
import type { DbOrTx } from '../../db/client';
import { instructorsOf } from './repository';
import { todayUtc, toInstructorFile } from './view';

export interface InstructorDeadline {
  instructorId: string;
  name: string;
  requirement: Requirement;
  label: string;
  paragraph: string;
  nextDue: string | null;
  graceUntil: string | null;
  status: Exclude<InstructorStatus, 'current'>;
  reason: string;
}

/**
 * Every requirement of the organization's files that is not current, most urgent first
 * (not eligible, overdue, then due soon by date): what Regulatory Alerts and the AI audit read.
 */
export async function instructorDeadlines(
  db: DbOrTx,
  organizationId: string,
  today = todayUtc(),
): Promise<InstructorDeadline[]> {
  const repo = instructorsOf(db, organizationId);
  const [files, qualifications, designations] = await Promise.all([
    repo.files(),
    repo.clockQualifications(),
    repo.designations(),
  ]);
  const rank = { not_eligible: 0, overdue: 1, due_soon: 2 } as const;
  const deadlines: InstructorDeadline[] = [];
  for (const row of files) {
    if (row.employedUntil && row.employedUntil < today) continue;
    const file = toInstructorFile(
      row,
      qualifications.filter((q) => q.instructorId === row.id),
      designations.filter((d) => d.instructorId === row.id),
      today,
    );
    for (const r of file.requirements) {
      if (r.status === 'current') continue;
      deadlines.push({ instructorId: row.id, name: row.name, ...r, status: r.status });
    }
  }
  return deadlines.sort(
    (a, b) =>
      rank[a.status] - rank[b.status] ||
      (a.nextDue ?? '').localeCompare(b.nextDue ?? '') ||
      a.name.localeCompare(b.name),
  );
}
