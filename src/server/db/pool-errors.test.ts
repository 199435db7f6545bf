import { sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, inject, it } from 'vitest';
import { openDatabase } from './client';

const url = inject('postgresUrl');

describe.runIf(url)('PostgreSQL pool', () => {
  it('outlives an idle connection the server closes, and answers the next query', async () => {
    const handle = await openDatabase({ kind: 'postgres', url, maxConnections: 2 });
    try {
      const pid = async () =>
        (
          (await handle.db.execute(sql`select pg_backend_pid() as pid`)) as unknown as {
            rows: { pid: number }[];
          }
        ).rows[0]!.pid;
      const before = await pid();
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      await admin.query('select pg_terminate_backend($1)', [before]);
      await admin.end();
      // The pool hears the idle client's error (an unheard one would end the process).
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(await pid()).not.toBe(before);
    } finally {
      await handle.close();
    }
  });
});
