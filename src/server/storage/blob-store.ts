import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { Transform, type TransformCallback, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/** What a put reports: the blob's key and whether these bytes were new to the store. */
export interface StoredBlob {
  sha256: string;
  size: number;
  created: boolean;
}

/**
 * Content-addressed storage: a blob's key is the hex SHA-256 of its bytes, so identical bytes are
 * stored once, and every read proves the bytes still hash to their key.
 */
export interface BlobStore {
  readonly kind: 'filesystem' | 'postgres';
  /** Stores a file's bytes; with `expectedSha256`, refuses bytes that do not hash to it. */
  putFile(filePath: string, expectedSha256?: string): Promise<StoredBlob>;
  /** For small generated content (reports); uploads go through `putFile`. */
  putBytes(bytes: Uint8Array): Promise<StoredBlob>;
  has(sha256: string): Promise<boolean>;
  /** Byte size, or null when the blob is not stored. */
  size(sha256: string): Promise<number | null>;
  /**
   * Streams the bytes. The stream holds back its last chunk until the whole content has been
   * hashed and fails with `BlobIntegrityError` instead of delivering bytes that do not match.
   * Rejects with `BlobNotFoundError` when the blob is not stored.
   */
  openRead(sha256: string): Promise<Readable>;
  /** Runs `use` with a local file holding the verified bytes (readers need a path). */
  withFile<T>(sha256: string, use: (filePath: string) => Promise<T>): Promise<T>;
  delete(sha256: string): Promise<void>;
}

export class BlobNotFoundError extends Error {
  constructor(readonly sha256: string) {
    super(`Blob ${sha256} is not stored`);
    this.name = 'BlobNotFoundError';
  }
}

export class BlobIntegrityError extends Error {
  constructor(readonly sha256: string) {
    super(`Stored bytes of blob ${sha256} no longer match their hash`);
    this.name = 'BlobIntegrityError';
  }
}

export const isSha256 = (value: string) => /^[0-9a-f]{64}$/.test(value);

/** Keys reach paths and queries; anything but 64 lowercase hex digits is refused outright. */
export function assertSha256(sha256: string): void {
  if (!isSha256(sha256)) throw new BlobNotFoundError(sha256);
}

export function sha256Of(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

export async function hashFile(filePath: string): Promise<{ sha256: string; size: number }> {
  const hash = createHash('sha256');
  let size = 0;
  await pipeline(createReadStream(filePath), async (source: AsyncIterable<Buffer>) => {
    for await (const chunk of source) {
      hash.update(chunk);
      size += chunk.length;
    }
  });
  return { sha256: hash.digest('hex'), size };
}

/** Writes `source` to the file `destination` while hashing and counting it, in one pass. */
export async function writeHashed(
  source: NodeJS.ReadableStream,
  destination: string,
): Promise<{ sha256: string; size: number }> {
  const hash = createHash('sha256');
  let size = 0;
  const measure = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      size += chunk.length;
      done(null, chunk);
    },
  });
  await pipeline(source, measure, createWriteStream(destination));
  return { sha256: hash.digest('hex'), size };
}

/** Passes bytes through, withholding the last chunk until the digest matches `expected`. */
export class VerifyingStream extends Transform {
  private readonly hash = createHash('sha256');
  private pending: Buffer | null = null;

  constructor(private readonly expected: string) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback) {
    this.hash.update(chunk);
    if (this.pending) this.push(this.pending);
    this.pending = chunk;
    done();
  }

  override _flush(done: TransformCallback) {
    if (this.hash.digest('hex') !== this.expected) {
      done(new BlobIntegrityError(this.expected));
      return;
    }
    if (this.pending) this.push(this.pending);
    done();
  }
}
