/**
 * What the witness keeps in its data directory: its Ed25519 key, per log origin the latest
 * checkpoint it cosigned, and the refused requests that carried a valid log signature.
 *
 * The witness's whole promise is that it never cosigns a rollback, so a cosignature is only
 * returned once the new state is on disk, and the state file is never half written.
 */
import {
  createHash,
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  type KeyObject,
} from 'node:crypto';
import {
  closeSync,
  fsyncSync,
  mkdirSync,
  openSync,
  readFileSync,
  writeSync,
  type PathLike,
} from 'node:fs';
import { appendFile, open, rename } from 'node:fs/promises';
import { join } from 'node:path';
import { isHash } from '../shared/ledger/merkle';

const KEY_FILE = 'witness-key.pem';
const STATE_FILE = 'state.json';
const REFUSALS_FILE = 'refusals.jsonl';

export interface WitnessKey {
  privateKey: KeyObject;
  /** The raw 32-byte Ed25519 public key. */
  publicKey: Uint8Array;
}

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException)?.code === 'ENOENT';

function readIfPresent(path: PathLike): string | null {
  try {
    return readFileSync(path, 'utf8');
  } catch (error) {
    if (isMissing(error)) return null;
    throw error;
  }
}

/** Writes and fsyncs a file that must not already exist: a key is never silently replaced. */
function createDurably(path: string, text: string, mode: number) {
  const fd = openSync(path, 'wx', mode);
  try {
    writeSync(fd, text);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/** Loads the witness key, generating it (and the data directory) on first start. */
export function loadOrCreateKey(dataDir: string): WitnessKey {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const file = join(dataDir, KEY_FILE);
  let pem = readIfPresent(file);
  if (pem === null) {
    const { privateKey } = generateKeyPairSync('ed25519');
    pem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    createDurably(file, pem, 0o600);
  }
  const privateKey = createPrivateKey(pem);
  if (privateKey.asymmetricKeyType !== 'ed25519') {
    throw new Error(`${file} does not hold an Ed25519 private key`);
  }
  const { x } = createPublicKey(privateKey).export({ format: 'jwk' });
  return { privateKey, publicKey: new Uint8Array(Buffer.from(x!, 'base64url')) };
}

export interface CosignedCheckpoint {
  size: number;
  /** Lowercase hex. */
  rootHash: string;
  /** The checkpoint note with the log signatures that verified and this witness's cosignature. */
  note: string;
}

export interface Refusal {
  /** ISO 8601. */
  time: string;
  origin: string;
  status: number;
  reason: string;
  oldSize: number;
  /** The checkpoint note as submitted, every signature line included. */
  note: string;
}

function isCosignedCheckpoint(value: unknown): value is CosignedCheckpoint {
  const entry = value as CosignedCheckpoint;
  return (
    typeof entry === 'object' &&
    entry !== null &&
    Number.isSafeInteger(entry.size) &&
    entry.size >= 0 &&
    isHash(entry.rootHash) &&
    typeof entry.note === 'string'
  );
}

/** Refuses to start on a state file it cannot read: starting empty would allow a rollback. */
function readCheckpoints(file: string): Map<string, CosignedCheckpoint> {
  const text = readIfPresent(file);
  if (text === null) return new Map();
  const parsed = JSON.parse(text) as { checkpoints?: Record<string, unknown> };
  const checkpoints = new Map<string, CosignedCheckpoint>();
  for (const [origin, entry] of Object.entries(parsed.checkpoints ?? {})) {
    if (!isCosignedCheckpoint(entry)) throw new Error(`${file}: bad entry for ${origin}`);
    checkpoints.set(origin, entry);
  }
  return checkpoints;
}

/** Temp file, fsync, rename, fsync of the directory: after a crash the old or new file, whole. */
async function replaceDurably(dir: string, file: string, text: string) {
  const temp = `${file}.tmp`;
  const handle = await open(temp, 'w', 0o600);
  try {
    await handle.writeFile(text);
    await handle.sync();
  } finally {
    await handle.close();
  }
  await rename(temp, file);
  const directory = await open(dir, 'r');
  try {
    await directory.sync();
  } finally {
    await directory.close();
  }
}

const sha256Hex = (text: string) => createHash('sha256').update(text).digest('hex');

export type WitnessState = ReturnType<typeof openState>;

export function openState(dataDir: string) {
  const file = join(dataDir, STATE_FILE);
  const checkpoints = readCheckpoints(file);
  const chains = new Map<string, Promise<unknown>>();
  let writes: Promise<unknown> = Promise.resolve();

  return {
    latest: (origin: string) => checkpoints.get(origin),

    /** The monitoring API names a log by the lowercase hex SHA-256 of its origin. */
    byOriginHash(hash: string): CosignedCheckpoint | undefined {
      for (const [origin, entry] of checkpoints) if (sha256Hex(origin) === hash) return entry;
      return undefined;
    },

    /**
     * Runs `task` after every earlier task for the same origin has settled, so that checking the
     * old size and recording the new checkpoint cannot interleave with another request.
     */
    exclusive<T>(origin: string, task: () => Promise<T>): Promise<T> {
      const run = (chains.get(origin) ?? Promise.resolve()).then(task);
      const tail = run.catch(() => undefined);
      chains.set(origin, tail);
      void tail.then(() => {
        if (chains.get(origin) === tail) chains.delete(origin);
      });
      return run;
    },

    /**
     * Persists the new checkpoint, then remembers it. Writes of the whole file are queued so a
     * snapshot taken for one origin never overwrites a newer one taken for another.
     */
    record(origin: string, entry: CosignedCheckpoint): Promise<void> {
      const run = writes.then(async () => {
        const next = Object.fromEntries(checkpoints);
        next[origin] = entry;
        await replaceDurably(dataDir, file, `${JSON.stringify({ checkpoints: next }, null, 2)}\n`);
        checkpoints.set(origin, entry);
      });
      writes = run.catch(() => undefined);
      return run;
    },

    async recordRefusal(refusal: Refusal): Promise<void> {
      const line = `${JSON.stringify(refusal)}\n`;
      await appendFile(join(dataDir, REFUSALS_FILE), line, { mode: 0o600 });
    },

    /** Settles once every queued write has. */
    idle: () => writes.then(() => undefined),
  };
}
