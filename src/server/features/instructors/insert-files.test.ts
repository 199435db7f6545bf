import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { instructorDesignations, instructorFiles } from '../../db/schema';
import { actorFor, createOrganization, daysFromToday } from '../../test/factories';
import { DRIVERS, startTestServer, type TestServer } from '../../test/harness';
import { insertInstructorFiles } from './insert-files';

describe.each(DRIVERS)('insertInstructorFiles (%s)', (driver) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(driver);
  });
  afterAll(() => server.app.close());

  const file = (name: string) => ({
    userId: null,
    name,
    role: 'instructor' as const,
    employedFrom: daysFromToday(-300),
    employedUntil: null,
    certificates: null,
    notes: null,
    instructsInAircraft: false,
    atpSimulator: false,
  });

  it('writes every file with its designation and ledger leaf, or none of them', async () => {
    const org = await createOrganization(server.db);
    const actor = actorFor(org);
    const ids = await server.db.transaction((tx) =>
      insertInstructorFiles(tx, actor, [
        {
          file: file('Ada'),
          designation: { course: 'C1', device: 'FFS', designatedAt: daysFromToday(-100) },
        },
        { file: file('Ben') },
      ]),
    );
    expect(ids).toHaveLength(2);
    const rows = await server.db
      .select()
      .from(instructorFiles)
      .where(eq(instructorFiles.organizationId, org.organization.id));
    expect(rows.map((r) => [r.name, r.version, typeof r.ledgerIndex]).sort()).toEqual([
      ['Ada', 1, 'number'],
      ['Ben', 1, 'number'],
    ]);
    const designations = await server.db
      .select()
      .from(instructorDesignations)
      .where(eq(instructorDesignations.instructorId, ids[0]!));
    expect(designations).toEqual([expect.objectContaining({ course: 'C1', device: 'FFS' })]);

    await expect(
      server.db.transaction(async (tx) => {
        await insertInstructorFiles(tx, actor, [{ file: file('Cy') }]);
        throw new Error('a later row failed');
      }),
    ).rejects.toThrow('a later row failed');
    const after = await server.db
      .select()
      .from(instructorFiles)
      .where(eq(instructorFiles.organizationId, org.organization.id));
    expect(after).toHaveLength(2);
  });
});
