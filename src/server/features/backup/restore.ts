import { constants as fsConstants, createReadStream } from 'node:fs';
import { chmod, copyFile, mkdir, readdir, readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { createGunzip } from 'node:zlib';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { latestMigration } from '../../db/migrations-info';
import type { BlobStore } from '../../storage';
import {
  applicationTables,
  BACKUP_FORMAT,
  BackupError,
  query,
  quoted,
  sha256File,
  type BackupManifest,
  type SecretFiles,
} from './backup';

/**
 * Reading a backup back: every file checked against the manifest before anything is written,
 * then all rows in one transaction, then the stored files and key files.
 */

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
