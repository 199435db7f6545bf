import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checklistResponses, trainingEvents } from '../db/schema';
import { organizationWithRoles } from '../test/factories';
import { DRIVERS, startTestServer, type TestServer } from '../test/harness';
import { eventPayload, postForm } from '../test/training-events';
import { findUnstorable } from './unstorable-text';

describe('findUnstorable', () => {
  it('finds NUL characters and unpaired surrogates, with their path, and passes paired ones', () => {
    expect(findUnstorable({ a: 'fine ✈ 🛫', b: ['ok'] })).toBeNull();
    expect(findUnstorable({ a: { b: ['x', 'y\u0000z'] } })).toMatchObject({ path: 'a.b.1' });
    expect(findUnstorable({ remarks: 'half \ud83d' })?.message).toMatch(/unpaired UTF-16/);
    expect(findUnstorable({ remarks: '\ude00 trailing' })?.path).toBe('remarks');
    expect(findUnstorable({ ['bad\u0000key']: 1 })?.path).toBe('bad\u0000key');
    expect(findUnstorable(Buffer.from([0, 0, 0]))).toBeNull();
  });
});

describe.each(DRIVERS)('text the database cannot store (%s)', (driver) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(driver);
  });
  afterAll(() => server.app.close());

  const eventsOf = async (organizationId: string) =>
    (
      await server.db
        .select({ n: count() })
        .from(trainingEvents)
        .where(eq(trainingEvents.organizationId, organizationId))
    )[0]!.n;

  it('answers 422 naming the field for a NUL or a lone surrogate, and saves nothing', async () => {
    const { organization, clients } = await organizationWithRoles(server);
    const nul = await clients.admin.post(
      '/api/training-events',
      eventPayload({ remarks: 'Steep turns\u0000' }),
    );
    expect(nul.status).toBe(422);
    expect(nul.body.code).toBe('validation_failed');
    expect(nul.body.issues).toEqual([{ path: 'remarks', message: expect.stringMatching(/NUL/) }]);
    const surrogate = await clients.admin.post(
      '/api/training-events',
      eventPayload({ studentName: 'Avery \ud800Quinn' }),
    );
    expect(surrogate.status).toBe(422);
    expect(surrogate.body.message).toMatch(/^studentName: .*unpaired UTF-16 surrogate/);
    expect(await eventsOf(organization.id)).toBe(0);

    const checklist = await clients.admin.patch('/api/checklist/1-02', {
      revision: 0,
      status: 'compliant',
      comments: 'Seen \udfff',
    });
    expect(checklist.status).toBe(422);
    expect(checklist.body.issues[0].path).toBe('comments');
    const saved = await server.db
      .select()
      .from(checklistResponses)
      .where(eq(checklistResponses.organizationId, organization.id));
    expect(saved).toEqual([]);
    // The same requests without the broken character go through.
    expect(
      (await clients.admin.post('/api/training-events', eventPayload({ remarks: 'Steep turns' })))
        .status,
    ).toBe(201);
  });

  it('still answers 401 and 403 first: the check does not tell strangers anything', async () => {
    const { clients } = await organizationWithRoles(server);
    const res = await clients.viewer.post(
      '/api/training-events',
      eventPayload({ remarks: '\u0000' }),
    );
    expect(res.status).toBe(403);
  });

  it('says a CSV cell holds a NUL (422, its line) and a UTF-16 file is the wrong type (415)', async () => {
    const { clients } = await organizationWithRoles(server);
    const csv = 'Trainee,Date\nAvery Quinn,2025-01-10\nBlake\u0000 Stone,2025-01-11\n';
    const stray = await postForm(
      clients.admin,
      server.baseUrl,
      '/api/training-events/import/preview',
      { name: 'records.csv', type: 'text/csv', bytes: Buffer.from(csv, 'utf8') },
    );
    expect(stray.status).toBe(422);
    expect(stray.body.message).toBe(
      'Line 3 of the file holds a NUL character (a zero byte), which no cell can hold. Remove it and import the file again.',
    );
    const utf16 = Buffer.concat([
      Buffer.from([0xff, 0xfe]),
      Buffer.from(csv.replace('\u0000', ''), 'utf16le'),
    ]);
    const wide = await postForm(
      clients.admin,
      server.baseUrl,
      '/api/training-events/import/preview',
      { name: 'records.csv', type: 'text/csv', bytes: utf16 },
    );
    expect(wide.status).toBe(415);
    expect(wide.body.message).toMatch(/UTF-16 text or a binary file.*CSV UTF-8/);
  });
});
