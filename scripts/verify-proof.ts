/**
 * Verifies a proof bundle offline: `npm run verify-proof -- bundle.json [--public-key <hex>]`.
 *
 * Needs nothing but the file (and, to pin the signer, the organization's public key obtained
 * some other way, e.g. from GET /api/ledger/public-key on a day you trusted). Prints every check
 * and exits 0 when the record is proven, 1 when a check fails, 2 on a usage or file error.
 */
import { readFile } from 'node:fs/promises';
import { verifyProofBundle } from '../src/shared/ledger/verify-bundle';

const USAGE = 'usage: npm run verify-proof -- <bundle.json> [--public-key <64 hex characters>]';

function parseArgs(argv: string[]) {
  let file: string | undefined;
  let publicKey: string | undefined;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--public-key') publicKey = argv[++i];
    else if (arg === '--help' || arg === '-h') return null;
    else if (!file) file = arg;
    else return null;
  }
  return file ? { file, publicKey } : null;
}

async function main(): Promise<number> {
  const args = parseArgs(process.argv.slice(2));
  if (!args) {
    console.error(USAGE);
    return 2;
  }
  let bundle: unknown;
  try {
    bundle = JSON.parse(await readFile(args.file, 'utf8'));
  } catch (error) {
    console.error(`Cannot read ${args.file}: ${error instanceof Error ? error.message : error}`);
    return 2;
  }
  const result = await verifyProofBundle(bundle, { trustedPublicKeyHex: args.publicKey });
  for (const check of result.checks) {
    console.log(`${check.ok ? 'ok  ' : 'FAIL'} ${check.name}: ${check.message}`);
  }
  if (result.ok) {
    console.log('VERIFIED: the record is in the signed log exactly as shown.');
    return 0;
  }
  console.log(`NOT VERIFIED: ${result.failure?.name}: ${result.failure?.message}`);
  return 1;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(2);
  },
);
