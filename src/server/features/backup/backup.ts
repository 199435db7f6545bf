import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { chmod, copyFile, mkdir, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import { sql, type SQL } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { latestMigration } from '../../db/migrations-info';
import { FsBlobStore, type BlobStore } from '../../storage';

/**
 * Backups of the whole installation to a folder: every table of the database as gzipped JSON
 * lines (each row as PostgreSQL's own `row_to_json`, so every value comes back exactly: times to
 * the microsecond, numbers, JSON), read in one repeatable-read snapshot, and the stored files of
 * the filesystem blob store (a PostgreSQL blob store keeps them in its tables). A manifest lists
 * each file with its SHA-256 and the schema version; a backup is written under a `.partial` name
 * and renamed when complete, so a folder without that suffix is always whole.
 */

export const BACKUP_FORMAT = 'centerline-backup/v1';
const PREFIX = 'centerline-backup-';

export interface BackupManifest {
  format: typeof BACKUP_FORMAT;
  createdAt: string;
  /** The last migration applied when the backup was taken; a restore needs the same. */
  migration: string;
  tables: { name: string; rows: number; file: string; sha256: string }[];
  /** Files of the filesystem blob store, under blobs/<sha256>; none when blobs live in tables. */
  blobs: { count: number; bytes: number; inTables: boolean };
  /**
   * Key files kept beside the data rather than in the database (the ledger's private keys, the
   * key sealing authenticator secrets), under secrets/: without them a restored installation
   * could not sign new ledger heads or check authenticator codes.
   */
  secrets: { ledgerKeys: string[]; authKey: boolean };
}

/** Where the installation keeps key files (only those that are files: secrets set as variables are not). */
export interface SecretFiles {
  ledgerKeysDir?: string;
  authKeyFile?: string;
}

export function secretFilesOf(config: Config): SecretFiles {
  return {
    ...(config.LEDGER_KEY_SECRET ? {} : { ledgerKeysDir: config.ledgerKeysDir }),
    ...(config.AUTH_SECRET ? {} : { authKeyFile: join(config.dataDir, 'auth-secret.key') }),
  };
}

export interface BackupSummary {
  name: string;
  path: string;
  tables: number;
  rows: number;
  files: number;
  bytes: number;
}

export class BackupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BackupError';
  }
}

/** Tables of the application's schema, by name (the job queue's own schema is not included). */
export async function applicationTables(db: Database): Promise<string[]> {
  const rows = await query<{ name: string }>(
    db,
    sql`select table_name as name from information_schema.tables
        where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  );
  return rows.map((r) => r.name);
}

/** Rows of a raw query; both drivers answer `{ rows }`. */
export async function query<T>(db: Pick<Database, 'execute'>, statement: SQL): Promise<T[]> {
  return ((await db.execute(statement)) as unknown as { rows: T[] }).rows;
}

export const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;

export async function sha256File(path: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/** Checks that the folder exists or can be made, and that a file can be written in it. */
export async function assertWritableFolder(folder: string): Promise<void> {
  try {
    await mkdir(folder, { recursive: true });
    const probe = join(folder, `.centerline-write-test-${process.pid}`);
    await writeFile(probe, 'ok');
    await rm(probe, { force: true });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'error';
    throw new BackupError(
      `The folder ${folder} cannot be written (${code}). Choose a folder this server can write to.`,
    );
  }
}

export async function writeBackup(
  db: Database,
  blobs: BlobStore,
  folder: string,
  secrets: SecretFiles = {},
  now = new Date(),
): Promise<BackupSummary> {
  await assertWritableFolder(folder);
  const name = `${PREFIX}${now
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z')}`;
  const partial = join(folder, `${name}.partial`);
  await rm(partial, { recursive: true, force: true });
  await mkdir(join(partial, 'tables'), { recursive: true });
  try {
    const tables: BackupManifest['tables'] = [];
    // One snapshot for every table: the backup is the database at one instant.
    await db.transaction(
      async (tx) => {
        const names = await applicationTables(tx as unknown as Database);
        // Every id is a UUID or a natural key; a sequence would need its position backed up.
        const sequences = await query<{ n: number }>(
          tx,
          sql`select count(*)::int as n from information_schema.sequences where sequence_schema = 'public'`,
        );
        if ((sequences[0]?.n ?? 0) > 0) {
          throw new BackupError(
            'The database has sequences, which this backup format does not carry.',
          );
        }
        for (const table of names) {
          const result = await query<{ r: string }>(
            tx,
            sql.raw(`select row_to_json(t)::text as r from ${quoted(table)} t`),
          );
          const file = `tables/${table}.jsonl.gz`;
          const lines = result.map((row) => `${row.r}\n`);
          await pipeline(
            Readable.from(lines),
            createGzip(),
            createWriteStream(join(partial, file)),
          );
          tables.push({
            name: table,
            rows: lines.length,
            file,
            sha256: await sha256File(join(partial, file)),
          });
        }
      },
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    );

    let count = 0;
    let bytes = 0;
    const inTables = !(blobs instanceof FsBlobStore);
    if (blobs instanceof FsBlobStore) {
      await mkdir(join(partial, 'blobs'));
      for await (const hash of blobs.hashes()) {
        const target = join(partial, 'blobs', hash);
        // Read through the store: bytes that no longer match their hash are not backed up.
        await pipeline(await blobs.openRead(hash), createWriteStream(target));
        bytes += (await stat(target)).size;
        count++;
      }
    }
    const kept = await copySecrets(secrets, join(partial, 'secrets'));
    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      createdAt: now.toISOString(),
      migration: latestMigration(),
      tables,
      blobs: { count, bytes, inTables },
      secrets: kept,
    };
    await writeFile(join(partial, 'manifest.json'), JSON.stringify(manifest, null, 2));
    const path = join(folder, name);
    await rename(partial, path);
    const tableBytes = await Promise.all(
      tables.map(async (t) => (await stat(join(path, t.file))).size),
    );
    return {
      name,
      path,
      tables: tables.length,
      rows: tables.reduce((n, t) => n + t.rows, 0),
      files: count,
      bytes: bytes + tableBytes.reduce((a, b) => a + b, 0),
    };
  } catch (error) {
    await rm(partial, { recursive: true, force: true });
    throw error;
  }
}

async function copySecrets(from: SecretFiles, to: string): Promise<BackupManifest['secrets']> {
  await mkdir(to, { recursive: true, mode: 0o700 });
  const ledgerKeys: string[] = [];
  if (from.ledgerKeysDir) {
    const names = (await readdir(from.ledgerKeysDir).catch(() => [] as string[])).filter((n) =>
      /^[0-9a-f-]{36}\.pem$/.test(n),
    );
    if (names.length) await mkdir(join(to, 'ledger-keys'), { mode: 0o700 });
    for (const name of names) {
      await copyFile(join(from.ledgerKeysDir, name), join(to, 'ledger-keys', name));
      await chmod(join(to, 'ledger-keys', name), 0o600);
      ledgerKeys.push(name);
    }
  }
  let authKey = false;
  if (from.authKeyFile) {
    try {
      await copyFile(from.authKeyFile, join(to, 'auth-secret.key'));
      await chmod(join(to, 'auth-secret.key'), 0o600);
      authKey = true;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }
  return { ledgerKeys, authKey };
}

/** Keeps the newest `keep` complete backups in the folder; removes older ones and leftovers. */
export async function pruneBackups(folder: string, keep: number): Promise<string[]> {
  const entries = (await readdir(folder).catch(() => [] as string[])).filter((n) =>
    n.startsWith(PREFIX),
  );
  const complete = entries
    .filter((n) => !n.endsWith('.partial'))
    .sort()
    .reverse();
  const removed = [...complete.slice(keep), ...entries.filter((n) => n.endsWith('.partial'))];
  for (const name of removed) await rm(join(folder, name), { recursive: true, force: true });
  return removed;
}
