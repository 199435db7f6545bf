/**
 * Fills one organization of the configured database with a made-up fleet history:
 *
 *   npm run seed:demo-fleet -- --demo --organization <organization id | an admin's e-mail>
 *                              [--seed 1] [--devices 20] [--years 2] [--discrepancies 5000]
 *
 * The rows come from `generateFleet` (src/server/features/maintenance/demo-fleet.ts): devices,
 * component units, preflights, sessions, discrepancies and scheduled maintenance ending today.
 * They are invented, so the command refuses to run without `--demo`. They are inserted in bulk
 * in one transaction, not each through the service, so they are not each on the ledger; one
 * audit entry, `fleet.demo_seeded`, records the seed with its counts, by the admin named (or the
 * organization's first admin).
 *
 * The database is the server's: DATABASE_URL, else the embedded one in DATA_DIR. The embedded
 * data folder opens in one process at a time: stop the server first. Exit status: 0 seeded,
 * 1 refused or failed, 2 usage.
 */
import { parseArgs } from 'node:util';
import { and, asc, eq, sql } from 'drizzle-orm';
import { loadConfig } from '../src/server/config';
import { openDatabase, type Database } from '../src/server/db/client';
import { fleetDevices, organizations, users } from '../src/server/db/schema';
import { generateFleet, insertFleet } from '../src/server/features/maintenance/demo-fleet';
import { todayUtc } from '../src/server/features/maintenance/view';

const USAGE = `usage: npm run seed:demo-fleet -- --demo --organization <organization id | admin e-mail>
                              [--seed <n>] [--devices <n>] [--years <n>] [--discrepancies <n>]

  --demo              required: the rows are invented, for a demonstration or a benchmark
  --organization      the organization's id, or the e-mail of one of its admins
  --seed <n>          the generator's seed (default 1): the same seed gives the same history
  --devices <n>       devices in the fleet (default 20)
  --years <n>         years of history before today (default 2)
  --discrepancies <n> write-ups in all, failures included (default 5000)`;

class UsageError extends Error {}
class Refused extends Error {}

function readOptions(argv: string[]) {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        demo: { type: 'boolean', default: false },
        organization: { type: 'string' },
        seed: { type: 'string', default: '1' },
        devices: { type: 'string', default: '20' },
        years: { type: 'string', default: '2' },
        discrepancies: { type: 'string', default: '5000' },
        help: { type: 'boolean', short: 'h', default: false },
      },
    }));
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  if (values.help) return null;
  if (!values.organization) throw new UsageError('--organization is required');
  const number = (flag: string, value: string, check: (n: number) => boolean) => {
    const n = Number(value);
    if (!Number.isFinite(n) || !check(n)) throw new UsageError(`--${flag} ${value} is not valid`);
    return n;
  };
  return {
    demo: values.demo,
    organization: values.organization,
    seed: number('seed', values.seed, Number.isInteger),
    devices: number('devices', values.devices, (n) => Number.isInteger(n) && n >= 1 && n <= 200),
    years: number('years', values.years, (n) => n > 0 && n <= 10),
    discrepancies: number('discrepancies', values.discrepancies, (n) => n >= 0 && n <= 200_000),
  };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The organization and the admin the audit entry names, from an id or an admin's e-mail. */
async function organizationOf(db: Database, given: string) {
  const admin = (organizationId: string) =>
    db
      .select({ id: users.id, email: users.email })
      .from(users)
      .where(and(eq(users.organizationId, organizationId), eq(users.role, 'admin')))
      .orderBy(asc(users.createdAt))
      .limit(1);
  if (UUID.test(given)) {
    const [organization] = await db.select().from(organizations).where(eq(organizations.id, given));
    if (!organization) throw new Refused(`No organization has the id ${given}`);
    const [first] = await admin(organization.id);
    return { organization, actor: first ?? null };
  }
  const [user] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = lower(${given})`);
  if (!user) throw new Refused(`No user has the e-mail ${given}`);
  if (user.role !== 'admin') throw new Refused(`${user.email} is not an admin (${user.role})`);
  const [organization] = await db
    .select()
    .from(organizations)
    .where(eq(organizations.id, user.organizationId));
  return { organization: organization!, actor: { id: user.id, email: user.email } };
}

async function main(): Promise<number> {
  let options;
  try {
    options = readOptions(process.argv.slice(2));
  } catch (error) {
    console.error(`${(error as Error).message}\n\n${USAGE}`);
    return 2;
  }
  if (!options) {
    console.log(USAGE);
    return 0;
  }
  if (!options.demo) {
    console.error(
      'Refused: this writes an invented fleet history into a real organization. ' +
        'Pass --demo to confirm that is what you want.',
    );
    return 1;
  }
  const config = loadConfig();
  const handle = await openDatabase(
    config.DATABASE_URL
      ? { kind: 'postgres', url: config.DATABASE_URL }
      : { kind: 'pglite', dataDir: config.dataDir },
  );
  try {
    const { organization, actor } = await organizationOf(handle.db, options.organization);
    const today = todayUtc();
    const fleet = generateFleet({ ...options, today });
    const taken = await handle.db
      .select({ name: fleetDevices.name })
      .from(fleetDevices)
      .where(eq(fleetDevices.organizationId, organization.id));
    const names = new Set(taken.map((d) => d.name.toLowerCase()));
    const clashes = fleet.rows.devices.filter((d) => names.has(d.name.toLowerCase()));
    if (clashes.length > 0) {
      throw new Refused(
        `${organization.name} already has devices named ${clashes.map((d) => d.name).join(', ')}; ` +
          'nothing was written',
      );
    }
    const counts = await insertFleet(handle.db, organization.id, fleet.rows, {
      actorId: actor?.id ?? null,
      details: {
        seed: options.seed,
        from: fleet.from,
        to: today,
        truth: fleet.truth,
        command: 'npm run seed:demo-fleet',
      },
    });
    console.log(
      `Seeded ${organization.name} (${organization.id}) with an invented fleet, ${fleet.from} to ${today}` +
        `${actor ? `, recorded as by ${actor.email}` : ''}:`,
    );
    for (const [table, n] of Object.entries(counts)) {
      console.log(`  ${table.padEnd(14)} ${n.toLocaleString('en-US')}`);
    }
    console.log('Unit lives drawn from (Weibull shape β, scale η in days):');
    for (const [name, { shape, scale }] of Object.entries(fleet.truth)) {
      console.log(`  ${name.padEnd(30)} β ${shape}  η ${scale}`);
    }
    return 0;
  } catch (error) {
    console.error(error instanceof Refused ? `Refused: ${error.message}` : error);
    return 1;
  } finally {
    await handle.close();
  }
}

process.exitCode = await main();
