import { PgTransaction } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';

interface RawClient {
  query(text: string, params: unknown[]): Promise<{ rows: unknown[] }>;
}

/**
 * Runs `text` with positional parameters straight on the driver (PGlite or node-postgres, both
 * answer `query(text, params)` with `{ rows }`), skipping the query builder: a few tenths of a
 * millisecond per query, which the inclusion proof's two queries notice. Inside a transaction it
 * goes through the transaction, so it never escapes one. Integers of 64 bits come back as
 * whatever the driver gives (string, number or bigint): read them with Number().
 */
export async function rawRows<T>(db: DbOrTx, text: string, params: unknown[]): Promise<T[]> {
  if (db instanceof PgTransaction) {
    const chunks = text.split(/\$(\d+)/);
    const query = sql.empty();
    chunks.forEach((chunk, i) => {
      if (i % 2 === 0) query.append(sql.raw(chunk));
      else query.append(sql`${params[Number(chunk) - 1]}`);
    });
    const result = (await db.execute(query)) as unknown as { rows: T[] };
    return result.rows;
  }
  const client = (db as unknown as { $client: RawClient }).$client;
  return (await client.query(text, params)).rows as T[];
}
