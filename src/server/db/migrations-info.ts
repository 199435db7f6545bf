import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { MIGRATIONS_DIR } from './client';

/** The tag of the newest migration this version applies (`0022_backups`). */
export function latestMigration(): string {
  const journal = JSON.parse(
    readFileSync(join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8'),
  ) as {
    entries: { tag: string }[];
  };
  const last = journal.entries.at(-1);
  if (!last) throw new Error('no migrations found');
  return last.tag;
}

/** When the newest migration of this version was made (drizzle stores it as `created_at`). */
export function latestMigrationTime(): number {
  const journal = JSON.parse(
    readFileSync(join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8'),
  ) as { entries: { when: number }[] };
  return Math.max(...journal.entries.map((e) => e.when));
}
