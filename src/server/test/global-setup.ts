import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/client';

/**
 * When TEST_DATABASE_URL points at a PostgreSQL server, one throw-away database is created for
 * the run (and dropped afterwards), so the suite never touches data it did not make.
 */
export default async function setup(project: TestProject) {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) {
    project.provide('postgresUrl', '');
    return;
  }
  const name = `centerline_test_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  // Migrate once here: test workers starting together must not race to create the same tables.
  const handle = await openDatabase({ kind: 'postgres', url: url.toString(), maxConnections: 1 });
  await handle.migrate();
  await handle.close();
  project.provide('postgresUrl', url.toString());
  return async () => {
    const client = new pg.Client({ connectionString: base });
    await client.connect();
    await client.query(`drop database if exists ${name} with (force)`);
    await client.end();
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    postgresUrl: string;
  }
}
