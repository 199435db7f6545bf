/**
 * The insider attack, as its own process on a stopped server's data folder: rewrites one
 * training record's instructor in its row and its leaf, then recomputes and re-signs the log.
 *
 * node node_modules/tsx/dist/cli.mjs e2e/support/rewrite-history.ts <dataDir> <organizationId> <recordId>
 */
import { loadConfig } from '@server/config';
import { openDatabase } from '@server/db/client';
import { rewriteHistory } from '@server/features/ledger/insider-rewrite';
import { ledgerSigning } from '@server/features/ledger/service';

const [dataDir, organizationId, recordId] = process.argv.slice(2);
if (!dataDir || !organizationId || !recordId) {
  console.error('usage: rewrite-history.ts <dataDir> <organizationId> <recordId>');
  process.exit(2);
}

const signing = ledgerSigning(loadConfig({ ...process.env, DATA_DIR: dataDir }));
const handle = await openDatabase({ kind: 'pglite', dataDir });
try {
  const leafIndex = await rewriteHistory(handle.db, signing.vault, organizationId, {
    recordId,
    field: 'instructor',
    column: 'instructor',
    value: 'Forged Instructor',
  });
  console.log(`rewrote leaf ${leafIndex}`);
} finally {
  await handle.close();
}
