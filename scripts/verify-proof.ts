/**
 * Verifies a proof bundle offline:
 *
 *   npm run verify-proof -- bundle.json --public-key <hex> | --trusted-keys <file>
 *                           [--witness <vkey>]... [--quorum <n>]
 *
 * A bundle carries the key that signed it, so on its own it proves only that whoever holds that
 * key signed it: anyone can make one with a key of their own. Pin the organization's key (its
 * fingerprint is on the Admin Dashboard; the key from GET /api/ledger/keys on a day you trusted):
 * `--public-key` takes the raw key in hex, `--trusted-keys` a file of such keys or signed-note
 * verifier keys, one per line (# comments). `--witness` adds a witness's cosignature key and
 * `--quorum` how many of them must have cosigned the bundle's checkpoint (all given, by default).
 *
 * A report (Summary, Detailed, Audit) is checked against its manifest (GET /api/reports/:id/manifest):
 *
 *   npm run verify-proof -- --manifest manifest.json report.pdf --public-key <hex>
 *
 * which checks the file's SHA-256 and size, and the signed checkpoint the report was computed
 * against, with the same pinning.
 *
 * Exit status: 0 proven against a pinned key (and the quorum); 1 a check failed; 2 usage or file
 * error; 3 the maths holds but no key was pinned, which proves nothing about who signed.
 */
import { readFile } from 'node:fs/promises';
import { bytesToHex } from '../src/shared/ledger/hex';
import { parseVerifierKey, SIGNATURE_TYPE, type VerifierKey } from '../src/shared/ledger/note';
import { verifyProofBundle } from '../src/shared/ledger/verify-bundle';
import { verifyReport } from '../src/shared/ledger/verify-report';

const USAGE = `usage: npm run verify-proof -- <bundle.json> (--public-key <64 hex> | --trusted-keys <file>)
                            [--witness <vkey>]... [--quorum <n>]
       npm run verify-proof -- --manifest <manifest.json> <report file> (--public-key <64 hex> | --trusted-keys <file>)`;

const EXIT = { verified: 0, failed: 1, usage: 2, unpinned: 3 } as const;

interface Args {
  file: string;
  /** A report's manifest: `file` is then the report it describes. */
  manifest?: string;
  publicKeys: string[];
  trustedKeysFile?: string;
  witnesses: string[];
  quorum?: number;
}

class UsageError extends Error {}

function parseArgs(argv: string[]): Args | null {
  const args: Args = { file: '', publicKeys: [], witnesses: [] };
  const value = (i: number, flag: string) => {
    const v = argv[i];
    if (v === undefined || v.startsWith('--')) throw new UsageError(`${flag} needs a value`);
    return v;
  };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--public-key') args.publicKeys.push(value(++i, arg));
    else if (arg === '--trusted-keys') args.trustedKeysFile = value(++i, arg);
    else if (arg === '--manifest') args.manifest = value(++i, arg);
    else if (arg === '--witness') args.witnesses.push(value(++i, arg));
    else if (arg === '--quorum') {
      const n = Number(value(++i, arg));
      if (!Number.isInteger(n) || n < 0) throw new UsageError('--quorum takes a whole number');
      args.quorum = n;
    } else if (arg === '--help' || arg === '-h') return null;
    else if (arg.startsWith('--')) throw new UsageError(`unknown option ${arg}`);
    else if (!args.file) args.file = arg;
    else throw new UsageError(`one bundle at a time (${arg})`);
  }
  if (!args.file) return null;
  return args;
}

/** A raw Ed25519 key in hex, or a signed-note verifier key of type Ed25519. */
function trustedKeyOf(line: string): string {
  const text = line.trim();
  if (/^[0-9a-fA-F]{64}$/.test(text)) return text.toLowerCase();
  const key = parseVerifierKey(text);
  if (key.type !== SIGNATURE_TYPE.ed25519) {
    throw new UsageError(`${key.name}: a witness key is not a log signing key (use --witness)`);
  }
  return bytesToHex(key.publicKey);
}

async function trustedKeys(args: Args): Promise<string[]> {
  const keys = args.publicKeys.map(trustedKeyOf);
  if (args.trustedKeysFile) {
    const text = await readFile(args.trustedKeysFile, 'utf8');
    for (const line of text.split('\n')) {
      if (line.trim() === '' || line.trim().startsWith('#')) continue;
      keys.push(trustedKeyOf(line));
    }
  }
  return keys;
}

async function main(): Promise<number> {
  let args: Args | null;
  let keys: string[];
  let witnesses: VerifierKey[];
  try {
    args = parseArgs(process.argv.slice(2));
    if (!args) {
      console.error(USAGE);
      return EXIT.usage;
    }
    keys = await trustedKeys(args);
    witnesses = args.witnesses.map((vkey) => {
      const key = parseVerifierKey(vkey);
      if (key.type !== SIGNATURE_TYPE.cosignatureV1) {
        throw new UsageError(`${key.name}: not a witness cosignature key (type 0x04)`);
      }
      return key;
    });
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    console.error(USAGE);
    return EXIT.usage;
  }
  if (args.manifest) return verifyReportFile(args.manifest, args.file, keys);
  let bundle: unknown;
  try {
    bundle = JSON.parse(await readFile(args.file, 'utf8'));
  } catch (error) {
    console.error(`Cannot read ${args.file}: ${error instanceof Error ? error.message : error}`);
    return EXIT.usage;
  }
  const result = await verifyProofBundle(bundle, {
    trustedPublicKeys: keys,
    witnesses,
    quorum: args.quorum ?? witnesses.length,
  });
  for (const check of result.checks) {
    console.log(`${check.ok ? 'ok  ' : 'FAIL'} ${check.name}: ${check.message}`);
  }
  if (!result.ok) {
    console.log(`NOT VERIFIED: ${result.failure?.name}: ${result.failure?.message}`);
    return EXIT.failed;
  }
  if (!result.pinned) {
    console.log(
      [
        `UNPINNED: the maths holds, but only for the key that came with the bundle (${result.fingerprint}).`,
        'Anyone can recompute a tree and sign it with a key of their own, so this proves nothing about who signed.',
        'Compare that fingerprint with the one the organization gave you (Admin Dashboard), then run again with',
        '--public-key <hex> or --trusted-keys <file>.',
      ].join('\n'),
    );
    return EXIT.unpinned;
  }
  const witnessed =
    result.cosigned.length > 0
      ? ` Cosigned by ${result.cosigned.length} trusted witness(es): ${result.cosigned.map((c) => c.name).join(', ')}.`
      : '';
  console.log(
    `VERIFIED: the record is in the log signed by the pinned key ${result.fingerprint}, exactly as shown.${witnessed}`,
  );
  return EXIT.verified;
}

async function verifyReportFile(manifestFile: string, reportFile: string, keys: string[]) {
  let manifest: unknown;
  let bytes: Buffer;
  try {
    manifest = JSON.parse(await readFile(manifestFile, 'utf8'));
    bytes = await readFile(reportFile);
  } catch (error) {
    console.error(
      `Cannot read the manifest or the report: ${error instanceof Error ? error.message : error}`,
    );
    return EXIT.usage;
  }
  const result = await verifyReport(manifest, bytes, { trustedPublicKeys: keys });
  for (const check of result.checks) {
    if (check.name === 'pinned' && !check.ok && keys.length === 0) continue;
    console.log(`${check.ok ? 'ok  ' : 'FAIL'} ${check.name}: ${check.message}`);
  }
  const failed = result.checks.find((c) => !c.ok && c.name !== 'pinned');
  if (failed) {
    console.log(`NOT VERIFIED: ${failed.name}: ${failed.message}`);
    return EXIT.failed;
  }
  if (!result.pinned) {
    if (keys.length > 0) {
      console.log(`NOT VERIFIED: ${result.checks.find((c) => c.name === 'pinned')?.message}`);
      return EXIT.failed;
    }
    console.log(
      `UNPINNED: the file matches its manifest and the checkpoint is signed, but only by the key that came with it (${result.manifest?.treeHead.fingerprint}). Pin the organization's key with --public-key or --trusted-keys.`,
    );
    return EXIT.unpinned;
  }
  console.log(
    `VERIFIED: this is the report the manifest describes, computed against the log of ${result.manifest?.treeHead.treeSize} entries signed by the pinned key ${result.manifest?.treeHead.fingerprint}.`,
  );
  return EXIT.verified;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(EXIT.usage);
  },
);
