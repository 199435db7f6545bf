import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { openDatabase, type DatabaseHandle } from '../db/client';
import { checklistItems } from '../db/schema';
import { testConfig } from '../test/harness';

/**
 * The server listens while the database opens: health and assets answer at once, every other
 * request waits until the database is migrated and the features' startup work is done.
 */
describe('a server started before its database is ready', () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await openDatabase({ kind: 'pglite' });
  });
  afterAll(() => handle.close());

  it('answers /api/health at once and holds API requests until the database is ready', async () => {
    let open!: () => void;
    const opened = new Promise<void>((resolve) => (open = resolve));
    const migrated = opened.then(() => handle.migrate());
    const app = await buildApp({
      db: handle.db,
      config: testConfig(),
      logger: false,
      databaseReady: migrated,
    });
    try {
      const health = await app.inject({ method: 'GET', url: '/api/health' });
      expect(health.statusCode).toBe(200);

      let answered = false;
      const checklist = app.inject({ method: 'GET', url: '/api/checklist' }).then((res) => {
        answered = true;
        return res;
      });
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(answered).toBe(false);

      open();
      // The checklist catalogue, seeded at startup, is there before the first request is served.
      await app.startup;
      expect((await checklist).statusCode).toBe(401);
      const [items] = await handle.db.select({ n: count() }).from(checklistItems);
      expect(items?.n).toBeGreaterThan(0);
    } finally {
      await app.close();
    }
  });
});
