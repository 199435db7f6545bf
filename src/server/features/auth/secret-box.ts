import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';

/**
 * Seals the small secrets sign-in keeps (authenticator secrets) so that a copy of the database
 * alone cannot mint codes: AES-256-GCM under a key derived (HKDF-SHA256) from AUTH_SECRET, or,
 * without it, from a random key file kept owner-only beside the data (created on first use).
 * Each value is bound to what it belongs to (a user id) as associated data.
 */
export interface SecretBox {
  seal(plain: string, boundTo: string): Promise<string>;
  open(sealed: string, boundTo: string): Promise<string>;
}

const PREFIX = 'sbox.v1.';

export function secretBox(source: { secret?: string; keyFile: string }): SecretBox {
  let master: Promise<Buffer> | null = null;
  const masterKey = () =>
    (master ??= source.secret
      ? Promise.resolve(Buffer.from(source.secret, 'utf8'))
      : readOrCreateKeyFile(source.keyFile));
  const keyFor = async (boundTo: string) =>
    Buffer.from(hkdfSync('sha256', await masterKey(), 'centerline-secret-box', boundTo, 32));

  return {
    async seal(plain, boundTo) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', await keyFor(boundTo), iv);
      cipher.setAAD(Buffer.from(boundTo));
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return PREFIX + Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
    },
    async open(sealed, boundTo) {
      if (!sealed.startsWith(PREFIX)) throw new Error('not a sealed value');
      const raw = Buffer.from(sealed.slice(PREFIX.length), 'base64url');
      const decipher = createDecipheriv('aes-256-gcm', await keyFor(boundTo), raw.subarray(0, 12));
      decipher.setAAD(Buffer.from(boundTo));
      decipher.setAuthTag(raw.subarray(12, 28));
      return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
    },
  };
}

async function readOrCreateKeyFile(path: string): Promise<Buffer> {
  try {
    return Buffer.from((await readFile(path, 'utf8')).trim(), 'base64');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  await mkdir(dirname(path), { recursive: true, mode: 0o700 });
  try {
    // 'wx': two processes starting together keep whichever wrote first.
    await writeFile(path, randomBytes(32).toString('base64'), { mode: 0o600, flag: 'wx' });
    await chmod(path, 0o600);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  return Buffer.from((await readFile(path, 'utf8')).trim(), 'base64');
}
