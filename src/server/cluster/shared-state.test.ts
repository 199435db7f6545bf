import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrganization, PASSWORD } from '../test/factories';
import { DRIVERS, startTestServer, TestClient, type TestServer } from '../test/harness';
import { claimTick } from './ticks';

/** Two nodes of one installation: two apps on one database, counting rate limits together. */
describe.each(DRIVERS)('state shared by the nodes of one installation (%s)', (driver) => {
  let first: TestServer;
  let second: TestServer;
  beforeAll(async () => {
    const rateLimitScope = randomUUID();
    first = await startTestServer(driver, {}, { rateLimitScope });
    second = await startTestServer(driver, {}, { rateLimitScope });
  });
  afterAll(async () => {
    await first.app.close();
    await second.app.close();
  });

  it('counts sign-in attempts spread over two nodes in one window', async () => {
    const { email } = await createOrganization(first.db);
    const limit = first.config.LOGIN_RATE_LIMIT;
    const statuses: number[] = [];
    for (let i = 0; i < limit; i++) {
      const node = i % 2 === 0 ? first : second;
      const reply = await new TestClient(node.baseUrl).post('/api/auth/login', {
        email,
        password: 'wrong password',
      });
      statuses.push(reply.status);
    }
    expect(statuses.every((s) => s === 401)).toBe(true);
    // Each node has seen only half the tries; together they are over the limit.
    for (const node of [first, second]) {
      const refused = await new TestClient(node.baseUrl).post('/api/auth/login', {
        email,
        password: PASSWORD,
      });
      expect(refused.status).toBe(429);
      expect(refused.body.code).toBe('rate_limited');
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    }
  });

  it('counts each account apart, and a separate installation apart', async () => {
    const { email } = await createOrganization(first.db);
    const reply = await new TestClient(second.baseUrl).post('/api/auth/login', {
      email,
      password: PASSWORD,
    });
    expect(reply.status).toBe(200);
    const other = await startTestServer(driver);
    try {
      const { email: third } = await createOrganization(other.db);
      for (let i = 0; i < other.config.LOGIN_RATE_LIMIT; i++) {
        await new TestClient(first.baseUrl).post('/api/auth/login', {
          email: third,
          password: 'wrong',
        });
      }
      const elsewhere = await new TestClient(other.baseUrl).post('/api/auth/login', {
        email: third,
        password: PASSWORD,
      });
      expect(elsewhere.status).toBe(200);
    } finally {
      await other.app.close();
    }
  });

  it('gives each period of scheduled work to exactly one of the nodes that ask', async () => {
    const name = `test-tick-${randomUUID()}`;
    const claims = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        claimTick(i % 2 ? first.db : second.db, name, 60_000, `node-${i}`),
      ),
    );
    expect(claims.filter(Boolean)).toHaveLength(1);
    expect(await claimTick(first.db, name, 60_000, 'late')).toBe(false);
    // A period of 0.2 s: once it has passed, the next claim is granted, once.
    const short = `test-tick-${randomUUID()}`;
    expect(await claimTick(first.db, short, 200, 'a')).toBe(true);
    expect(await claimTick(second.db, short, 200, 'b')).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const again = await Promise.all([
      claimTick(first.db, short, 200, 'a'),
      claimTick(second.db, short, 200, 'b'),
    ]);
    expect(again.filter(Boolean)).toHaveLength(1);
  });
});
