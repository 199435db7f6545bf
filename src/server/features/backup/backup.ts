import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { constants as fsConstants } from 'node:fs';
import {
  chmod,
  copyFile,
  mkdir,
  readdir,
  readFile,
  rename,
  rm,
  stat,
  writeFile,
} from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import { createInterface } from 'node:readline';
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
async function query<T>(db: Pick<Database, 'execute'>, statement: SQL): Promise<T[]> {
  return ((await db.execute(statement)) as unknown as { rows: T[] }).rows;
}

const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;

async function sha256File(path: string): Promise<string> {
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

/** Puts key files back where this installation reads them; a file already there is kept. */
async function restoreSecrets(path: string, manifest: BackupManifest, to: SecretFiles) {
  const put = async (source: string, target: string) => {
    await mkdir(dirname(target), { recursive: true, mode: 0o700 });
    try {
      await copyFile(source, target, fsConstants.COPYFILE_EXCL);
      await chmod(target, 0o600);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  };
  if (to.ledgerKeysDir) {
    for (const name of manifest.secrets.ledgerKeys) {
      await put(join(path, 'secrets', 'ledger-keys', name), join(to.ledgerKeysDir, name));
    }
  }
  if (to.authKeyFile && manifest.secrets.authKey) {
    await put(join(path, 'secrets', 'auth-secret.key'), to.authKeyFile);
  }
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

/** Reads and checks a backup folder: the manifest, and every file against its recorded hash. */
export async function readBackup(path: string): Promise<BackupManifest> {
  let manifest: BackupManifest;
  try {
    manifest = JSON.parse(await readFile(join(path, 'manifest.json'), 'utf8')) as BackupManifest;
  } catch {
    throw new BackupError(
      `${path} is not a Centerline backup: its manifest.json is missing or unreadable.`,
    );
  }
  if (manifest.format !== BACKUP_FORMAT || !Array.isArray(manifest.tables)) {
    throw new BackupError(
      `${path} is not a backup this version can read (format ${String(manifest.format)}).`,
    );
  }
  for (const table of manifest.tables) {
    if (!/^[a-z_][a-z0-9_]*$/.test(table.name) || table.file !== `tables/${table.name}.jsonl.gz`) {
      throw new BackupError(`The backup's manifest names an unexpected file: ${table.file}`);
    }
    const actual = await sha256File(join(path, table.file)).catch(() => null);
    if (actual !== table.sha256) {
      throw new BackupError(
        `The backup is damaged: ${table.file} ${actual ? 'does not match its recorded SHA-256' : 'is missing'}. Nothing was restored.`,
      );
    }
  }
  if (!manifest.blobs.inTables) {
    const names = await readdir(join(path, 'blobs')).catch(() => [] as string[]);
    if (names.length !== manifest.blobs.count) {
      throw new BackupError(
        `The backup is damaged: ${manifest.blobs.count} stored files expected, ${names.length} found. Nothing was restored.`,
      );
    }
    for (const name of names) {
      if ((await sha256File(join(path, 'blobs', name))) !== name) {
        throw new BackupError(
          `The backup is damaged: blobs/${name} does not match its name. Nothing was restored.`,
        );
      }
    }
  }
  return manifest;
}

async function* rowsOf(file: string): AsyncGenerator<string> {
  const lines = createInterface({
    input: createReadStream(file).pipe(createGunzip()),
    crlfDelay: Infinity,
  });
  for await (const line of lines) if (line) yield line;
}

export interface RestoreSummary {
  tables: number;
  rows: number;
  files: number;
}

/**
 * Restores a checked backup into a migrated database that holds no organization yet, in one
 * transaction (all of it or nothing), then puts the stored files back into the blob store.
 */
export async function restoreBackup(
  db: Database,
  blobs: BlobStore,
  path: string,
  secrets: SecretFiles = {},
): Promise<RestoreSummary> {
  const manifest = await readBackup(path);
  const current = latestMigration();
  if (manifest.migration !== current) {
    throw new BackupError(
      `The backup was taken at schema ${manifest.migration}; this version is at ${current}. Restore it with the version that took it.`,
    );
  }
  const existing = await query<{ n: number }>(
    db,
    sql`select count(*)::int as n from organizations`,
  );
  if ((existing[0]?.n ?? 0) > 0) {
    throw new BackupError(
      'The target database already holds organizations. Restore into an empty database (a new DATA_DIR or DATABASE_URL).',
    );
  }
  const present = new Set(await applicationTables(db));
  const missing = manifest.tables.filter((t) => !present.has(t.name));
  if (missing.length) {
    throw new BackupError(`The database has no table ${missing[0]!.name}; nothing was restored.`);
  }
  let rows = 0;
  await db.transaction(async (tx) => {
    // Foreign keys and triggers (the ledger's append-only guards among them) are not fired while
    // the rows come back as they were; the transaction holds every table at once.
    await tx.execute(sql`set local session_replication_role = replica`);
    await tx.execute(sql.raw(`truncate ${manifest.tables.map((t) => quoted(t.name)).join(', ')}`));
    for (const table of manifest.tables) {
      const columns = await query<{ name: string }>(
        tx,
        sql`select column_name as name from information_schema.columns
            where table_schema = 'public' and table_name = ${table.name} and is_generated = 'NEVER'
            order by ordinal_position`,
      );
      const list = columns.map((c) => quoted(c.name)).join(', ');
      let batch: string[] = [];
      const flush = async () => {
        if (batch.length === 0) return;
        await tx.execute(
          sql`insert into ${sql.raw(quoted(table.name))} (${sql.raw(list)})
              select ${sql.raw(list)} from json_populate_recordset(null::${sql.raw(quoted(table.name))}, ${`[${batch.join(',')}]`}::json)`,
        );
        rows += batch.length;
        batch = [];
      };
      for await (const line of rowsOf(join(path, table.file))) {
        batch.push(line);
        if (batch.length >= 500) await flush();
      }
      await flush();
    }
  });
  await restoreSecrets(path, manifest, secrets);
  let files = 0;
  if (!manifest.blobs.inTables) {
    for (const name of await readdir(join(path, 'blobs'))) {
      await blobs.putFile(join(path, 'blobs', name), name);
      files++;
    }
  }
  return { tables: manifest.tables.length, rows, files };
}
