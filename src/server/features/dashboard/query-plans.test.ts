import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIGRATIONS_DIR, openDatabase, type Database } from '../../db/client';
import * as schema from '../../db/schema';
import type { Actor } from '../../http/actor';
import { actorFor, createMember, createOrganization } from '../../test/factories';
import { DRIVERS, freshPostgresDatabase } from '../../test/harness';
import {
  complianceAlertsFor,
  insertTrainingEvents,
  listTrainingEvents,
  recordFigures,
} from '../training-events/service';
import { dashboardAnalyticsFor } from './analytics';

const EVENTS = 50_000;
const TYPES = [
  'Proficiency Check',
  'Type Rating Practical Test',
  'Recurrent Training',
  'Initial Training',
  'Line Oriented Flight Training',
  'Upgrade Training',
];

/** A plan node of EXPLAIN (ANALYZE, FORMAT JSON), as far as these checks read it. */
interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Actual Rows': number;
  'Actual Loops': number;
  'Rows Removed by Filter'?: number;
  'Rows Removed by Index Recheck'?: number;
  Plans?: PlanNode[];
}

function* nodes(plan: PlanNode): Generator<PlanNode> {
  yield plan;
  for (const child of plan.Plans ?? []) yield* nodes(child);
}

/** Rows the plan read from training_events, counting every loop of every scan of it. */
const rowsRead = (plan: PlanNode) =>
  [...nodes(plan)]
    .filter((n) => n['Relation Name'] === 'training_events')
    .reduce(
      (sum, n) =>
        sum +
        (n['Actual Rows'] +
          (n['Rows Removed by Filter'] ?? 0) +
          (n['Rows Removed by Index Recheck'] ?? 0)) *
          n['Actual Loops'],
      0,
    );

/** `count` events over `count / 3` trainees: several events each, failed checks with and without a later pass. */
function seedInputs(count: number) {
  const inputs = [];
  for (let i = 0; i < count; i++) {
    const trainee = i % Math.floor(count / 3);
    const day = new Date(Date.UTC(2021, 0, 1) + (i % 1_800) * 86_400_000)
      .toISOString()
      .slice(0, 10);
    const roll = (i * 7919) % 100;
    const status =
      roll < 78 ? ('completed' as const) : roll < 90 ? ('pending' as const) : ('failed' as const);
    inputs.push({
      studentName: trainee % 5 === 0 ? ` Trainee ${trainee} ` : `trainee ${trainee}`,
      licenseNumber: trainee % 7 === 0 ? null : `CPL-${100_000 + trainee}`,
      course: 'B737 Type Rating',
      eventType: TYPES[i % TYPES.length]!,
      eventDate: day,
      status,
      result: null,
      instructor: `Instructor ${i % 40}`,
      evaluator: null,
      remarks: null,
      sourceDocumentId: null,
    });
  }
  return inputs;
}

/**
 * The queries behind the records list, the dashboard figures, the analytics and the alerts, run
 * at 50,000 events with the planner's statistics. On both databases none may read the events
 * table more than twice over (a nested loop that probes the table once for every event reads it
 * thousands of times over); on PostgreSQL none may scan it sequentially either.
 */
describe.each(DRIVERS)('query plans at 50,000 training events on %s', (driver) => {
  let pool: pg.Pool;
  let close: () => Promise<void>;
  let db: Database;
  const queries: { sql: string; params: unknown[] }[] = [];
  let admin: Actor;
  let viewer: Actor;

  beforeAll(async () => {
    if (driver === 'postgres') {
      const fresh = await freshPostgresDatabase();
      pool = new pg.Pool({ connectionString: fresh.url, max: 4 });
      // Dropping the database at the end terminates a connection still closing: not a failure.
      pool.on('connect', (client) => client.on('error', () => {}));
      pool.on('error', () => {});
      close = async () => {
        await pool.end();
        await fresh.drop();
      };
      await migrate(drizzle({ client: pool, schema }), { migrationsFolder: MIGRATIONS_DIR });
    } else {
      const handle = await openDatabase({ kind: 'pglite' });
      await handle.migrate();
      pool = (handle.db as unknown as { $client: pg.Pool }).$client;
      close = () => handle.close();
    }
    const plain = drizzle({ client: pool, schema });
    const org = await createOrganization(plain as unknown as Database);
    admin = actorFor(org);
    const inputs = seedInputs(EVENTS);
    const ids: string[] = [];
    for (let at = 0; at < inputs.length; at += 5_000) {
      const rows = await plain.transaction((tx) =>
        insertTrainingEvents(tx as never, admin, inputs.slice(at, at + 5_000)),
      );
      ids.push(...rows.slice(0, 40).map((r) => r.id));
    }
    const member = await createMember(plain as unknown as Database, admin.organizationId, 'viewer');
    viewer = { ...admin, userId: member.user.id, role: 'viewer', email: member.email };
    await plain.insert(schema.trainingEventAssignments).values(
      ids.map((id) => ({
        trainingEventId: id,
        userId: member.user.id,
        organizationId: admin.organizationId,
      })),
    );
    // What autovacuum does on PostgreSQL and the embedded database's upkeep does on PGlite.
    await pool.query('vacuum (analyze)');
    db = drizzle({
      client: pool,
      schema,
      logger: { logQuery: (sql, params) => queries.push({ sql, params }) },
    }) as unknown as Database;
  }, 300_000);

  afterAll(async () => {
    await close?.();
  });

  const routes: [string, () => Promise<unknown>][] = [
    ['records list, first page', () => listTrainingEvents(db, admin, { page: 1, pageSize: 25 })],
    ['records list, deep page', () => listTrainingEvents(db, admin, { page: 1_500, pageSize: 25 })],
    [
      'records list by status',
      () => listTrainingEvents(db, admin, { page: 3, pageSize: 25, status: 'failed' }),
    ],
    [
      'records search',
      () => listTrainingEvents(db, admin, { page: 1, pageSize: 25, search: 'CPL-10123' }),
    ],
    ['records list of a viewer', () => listTrainingEvents(db, viewer, { page: 1, pageSize: 25 })],
    ['dashboard figures', () => recordFigures(db, admin.organizationId, new Date())],
    ['analytics', () => dashboardAnalyticsFor(db, admin, 'UTC')],
    ['alerts', () => complianceAlertsFor(db, admin, 'UTC')],
    ['alerts of a viewer', () => complianceAlertsFor(db, viewer, 'UTC')],
  ];

  it.each(routes)('%s: indexed, and reads the events at most twice over', async (_name, run) => {
    queries.length = 0;
    await run();
    const touching = queries.filter((q) => /"training_events"/.test(q.sql));
    expect(touching.length).toBeGreaterThan(0);
    for (const query of touching) {
      const { rows } = await pool.query<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(
        `explain (analyze, format json) ${query.sql}`,
        query.params,
      );
      const plan = rows[0]!['QUERY PLAN'][0].Plan;
      const seqScans = [...nodes(plan)].filter(
        (n) => n['Node Type'] === 'Seq Scan' && n['Relation Name'] === 'training_events',
      );
      // The embedded database may read completed events once into a hash (an anti-join):
      // linear, which the bound below checks; PostgreSQL answers from the indexes.
      if (driver === 'postgres') expect(seqScans, query.sql).toEqual([]);
      expect(rowsRead(plan), query.sql).toBeLessThanOrEqual(2 * EVENTS);
    }
  });
});
