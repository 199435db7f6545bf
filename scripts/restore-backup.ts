/**
 * Restores a backup (Backup Settings, or `POST /api/admin/backup/run`) into an empty installation:
 *
 *   DATA_DIR=<an empty data folder> npm run restore -- <backup folder>
 *   DATABASE_URL=postgres://… npm run restore -- <backup folder>        (an empty database)
 *
 * The database is the server's: DATABASE_URL, else the embedded one in DATA_DIR. It is migrated
 * first; it must hold no organization yet. Every file of the backup is checked against its
 * recorded SHA-256 before anything is written, and all rows are written in one transaction. The
 * stored files go back into the blob store, and the ledger and authenticator key files into
 * LEDGER_KEYS_DIR and DATA_DIR (a key file already there is kept). Stop the server first: the
 * embedded data folder opens in one process at a time.
 *
 * Exit status: 0 restored, 1 refused or failed, 2 usage.
 */
import { resolve } from 'node:path';
import { loadConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db/client';
import { BackupError, restoreBackup, secretFilesOf } from '../src/server/features/backup/service';
import { createBlobStore } from '../src/server/storage';

async function main(): Promise<number> {
  const [folder, ...rest] = process.argv.slice(2);
  if (!folder || rest.length > 0 || folder.startsWith('-')) {
    console.error('usage: npm run restore -- <backup folder>');
    return 2;
  }
  const config = loadConfig();
  const handle = await openDatabase(
    config.DATABASE_URL
      ? { kind: 'postgres', url: config.DATABASE_URL }
      : { kind: 'pglite', dataDir: config.dataDir },
  );
  try {
    await handle.migrate();
    const summary = await restoreBackup(
      handle.db,
      createBlobStore(config, handle.db),
      resolve(folder),
      secretFilesOf(config),
    );
    console.log(
      `Restored ${summary.rows.toLocaleString('en-US')} rows of ${summary.tables} tables and ` +
        `${summary.files} stored files from ${resolve(folder)} into the ` +
        `${config.DATABASE_URL ? 'PostgreSQL database' : `embedded database in ${config.dataDir}`}.`,
    );
    return 0;
  } catch (error) {
    console.error(error instanceof BackupError ? `Refused: ${error.message}` : error);
    return 1;
  } finally {
    await handle.close();
  }
}

process.exitCode = await main();
