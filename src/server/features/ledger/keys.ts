import {
  createCipheriv,
  createDecipheriv,
  createPrivateKey,
  hkdfSync,
  randomBytes,
  type KeyObject,
} from 'node:crypto';
import { chmod, mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ERROR_CODES } from '@shared/api/errors';
import type { Config } from '../../config';
import { AppError } from '../../http/errors';

/*
 * Where ledger private keys live: never in the database whose history they sign, so that write
 * access to the database is not enough to re-sign a rewritten log. Two vaults:
 * - a folder with one PKCS#8 PEM file per key, created owner-only (0600 in a 0700 folder), the
 *   default (DATA_DIR/ledger-keys) and, mounted from a secret store, the scaled mode's option;
 * - LEDGER_KEY_SECRET: the key sealed with AES-256-GCM under a key derived from the secret (HKDF),
 *   bound to the key row's id, and stored beside the public key. The secret comes from the
 *   environment, so the database alone opens nothing.
 */

/** The log cannot sign: its private key is missing, exposed or sealed with another secret. */
export class SigningKeyUnavailable extends AppError {
  constructor(message: string) {
    super(503, ERROR_CODES.signingKeyUnavailable, `The ledger cannot sign: ${message}.`);
  }
}

export interface LedgerKeyVault {
  readonly kind: 'folder' | 'sealed';
  /** Keeps a new private key; returns what the key row stores (the sealed key, or null). */
  keep(keyId: string, privateKeyPem: string): Promise<{ sealedPrivateKey: string | null }>;
  /** The private key of a key row; SigningKeyUnavailable when this vault cannot open it. */
  open(row: { id: string; sealedPrivateKey: string | null }): Promise<KeyObject>;
}

export function folderVault(dir: string): LedgerKeyVault {
  const cache = new Map<string, KeyObject>();
  const fileOf = (keyId: string) => {
    if (!/^[0-9a-f-]{36}$/.test(keyId)) throw new Error(`not a key id: ${keyId}`);
    return join(dir, `${keyId}.pem`);
  };
  return {
    kind: 'folder',
    async keep(keyId, privateKeyPem) {
      await mkdir(dir, { recursive: true, mode: 0o700 });
      // 'wx': a key file is written once and never replaced.
      await writeFile(fileOf(keyId), privateKeyPem, { mode: 0o600, flag: 'wx' });
      await chmod(fileOf(keyId), 0o600);
      return { sealedPrivateKey: null };
    },
    async open(row) {
      const cached = cache.get(row.id);
      if (cached) return cached;
      const file = fileOf(row.id);
      let pem: string;
      try {
        const info = await stat(file);
        if (process.platform !== 'win32' && (info.mode & 0o077) !== 0) {
          throw new SigningKeyUnavailable(
            `the ledger key file ${row.id}.pem can be read by other users of this machine ` +
              `(mode ${(info.mode & 0o777).toString(8)}): make it owner-only (chmod 600) to sign again`,
          );
        }
        pem = await readFile(file, 'utf8');
      } catch (error) {
        if (error instanceof SigningKeyUnavailable) throw error;
        throw new SigningKeyUnavailable(
          `the ledger key ${row.id} is not in the key folder (LEDGER_KEYS_DIR): restore ${row.id}.pem ` +
            `from your backup, or rotate to a new key`,
        );
      }
      const key = createPrivateKey(pem);
      cache.set(row.id, key);
      return key;
    },
  };
}

const SEALED_PREFIX = 'aes256gcm.v1.';

export function sealedVault(secret: string): LedgerKeyVault {
  const cache = new Map<string, KeyObject>();
  // A key per row: a sealed key copied onto another row does not open.
  const keyFor = (keyId: string) =>
    Buffer.from(hkdfSync('sha256', secret, 'centerline-ledger-key', keyId, 32));
  return {
    kind: 'sealed',
    async keep(keyId, privateKeyPem) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', keyFor(keyId), iv);
      cipher.setAAD(Buffer.from(keyId));
      const body = Buffer.concat([cipher.update(privateKeyPem, 'utf8'), cipher.final()]);
      const sealed = Buffer.concat([iv, body, cipher.getAuthTag()]).toString('base64');
      return { sealedPrivateKey: SEALED_PREFIX + sealed };
    },
    async open(row) {
      const cached = cache.get(row.id);
      if (cached) return cached;
      if (!row.sealedPrivateKey?.startsWith(SEALED_PREFIX)) {
        throw new SigningKeyUnavailable(
          `the ledger key ${row.id} is not sealed in the database; it was kept in a key folder ` +
            '(unset LEDGER_KEY_SECRET and set LEDGER_KEYS_DIR to that folder)',
        );
      }
      const raw = Buffer.from(row.sealedPrivateKey.slice(SEALED_PREFIX.length), 'base64');
      try {
        const decipher = createDecipheriv('aes-256-gcm', keyFor(row.id), raw.subarray(0, 12));
        decipher.setAAD(Buffer.from(row.id));
        decipher.setAuthTag(raw.subarray(raw.length - 16));
        const pem = Buffer.concat([
          decipher.update(raw.subarray(12, raw.length - 16)),
          decipher.final(),
        ]).toString('utf8');
        const key = createPrivateKey(pem);
        cache.set(row.id, key);
        return key;
      } catch {
        throw new SigningKeyUnavailable(
          `the ledger key ${row.id} does not open with this LEDGER_KEY_SECRET (a different secret, or the sealed key was altered)`,
        );
      }
    },
  };
}

/** What signing a head needs besides the database: where keys are, and how new logs are named. */
export interface LedgerSigning {
  vault: LedgerKeyVault;
  /** A new log's origin is `<originPrefix>/<organization id>`. */
  originPrefix: string;
}

/**
 * New keys go where the configuration says; existing keys open from where they were kept (a
 * sealed key needs the secret, any other key the folder), so setting a secret later loses nothing.
 */
export function ledgerSigning(config: Config): LedgerSigning {
  const folder = folderVault(config.ledgerKeysDir);
  const sealed = config.LEDGER_KEY_SECRET ? sealedVault(config.LEDGER_KEY_SECRET) : null;
  const vault: LedgerKeyVault = {
    kind: sealed ? 'sealed' : 'folder',
    keep: (keyId, pem) => (sealed ?? folder).keep(keyId, pem),
    async open(row) {
      if (!row.sealedPrivateKey) return folder.open(row);
      if (!sealed) {
        throw new SigningKeyUnavailable(
          `the ledger key ${row.id} is sealed with LEDGER_KEY_SECRET, which is not set`,
        );
      }
      return sealed.open(row);
    },
  };
  return { vault, originPrefix: config.LEDGER_ORIGIN_PREFIX };
}
