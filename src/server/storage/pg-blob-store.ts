import { createHash, randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { makeTempDir } from './temp-dirs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { and, eq } from 'drizzle-orm';
import type { Database, DbOrTx } from '../db/client';
import { blobChunks, blobs } from '../db/schema';
import {
  assertSha256,
  BlobIntegrityError,
  BlobNotFoundError,
  hashFile,
  isSha256,
  sha256Of,
  VerifyingStream,
  type BlobStore,
  type StoredBlob,
} from './blob-store';

/** Rows of 256 KiB: a 10 MB upload is 40 rows, and no read holds more than one in memory. */
export const BLOB_CHUNK_BYTES = 256 * 1024;

const asBuffer = (data: Uint8Array) =>
  Buffer.isBuffer(data) ? data : Buffer.from(data.buffer, data.byteOffset, data.byteLength);

/**
 * Blobs in PostgreSQL (scaled mode: every node sees the same bytes). The blob row and all its
 * chunks are written in one transaction; a concurrent writer of the same bytes waits on the
 * primary key and then finds the blob stored.
 */
export class PgBlobStore implements BlobStore {
  readonly kind = 'postgres';

  constructor(private readonly db: Database) {}

  async putFile(filePath: string, expectedSha256?: string): Promise<StoredBlob> {
    const { sha256, size } = await hashFile(filePath);
    if (expectedSha256 !== undefined && sha256 !== expectedSha256) {
      throw new BlobIntegrityError(expectedSha256);
    }
    if (await this.has(sha256)) return { sha256, size, created: false };
    const created = await this.db.transaction(async (tx) => {
      if (!(await this.claim(tx, sha256, size))) return false;
      let seq = 0;
      let written = 0;
      const hash = createHash('sha256');
      const source = createReadStream(filePath, { highWaterMark: BLOB_CHUNK_BYTES });
      for await (const chunk of source as AsyncIterable<Buffer>) {
        hash.update(chunk);
        written += chunk.length;
        await tx.insert(blobChunks).values({ sha256, seq: seq++, data: chunk });
      }
      // The file could have changed between hashing and copying; never store a mislabelled blob.
      if (hash.digest('hex') !== sha256 || written !== size) throw new BlobIntegrityError(sha256);
      return true;
    });
    return { sha256, size, created };
  }

  async putBytes(bytes: Uint8Array): Promise<StoredBlob> {
    const sha256 = sha256Of(bytes);
    const size = bytes.byteLength;
    if (await this.has(sha256)) return { sha256, size, created: false };
    const created = await this.db.transaction(async (tx) => {
      if (!(await this.claim(tx, sha256, size))) return false;
      const buffer = asBuffer(bytes);
      for (let offset = 0, seq = 0; offset < size; offset += BLOB_CHUNK_BYTES, seq++) {
        const data = buffer.subarray(offset, offset + BLOB_CHUNK_BYTES);
        await tx.insert(blobChunks).values({ sha256, seq, data });
      }
      return true;
    });
    return { sha256, size, created };
  }

  private async claim(tx: DbOrTx, sha256: string, size: number): Promise<boolean> {
    const inserted = await tx
      .insert(blobs)
      .values({ sha256, size })
      .onConflictDoNothing()
      .returning({ sha256: blobs.sha256 });
    return inserted.length > 0;
  }

  async has(sha256: string): Promise<boolean> {
    return (await this.size(sha256)) !== null;
  }

  async size(sha256: string): Promise<number | null> {
    if (!isSha256(sha256)) return null;
    const [row] = await this.db
      .select({ size: blobs.size })
      .from(blobs)
      .where(eq(blobs.sha256, sha256))
      .limit(1);
    return row ? row.size : null;
  }

  async openRead(sha256: string): Promise<Readable> {
    assertSha256(sha256);
    if ((await this.size(sha256)) === null) throw new BlobNotFoundError(sha256);
    const db = this.db;
    async function* chunks() {
      for (let seq = 0; ; seq++) {
        const [row] = await db
          .select({ data: blobChunks.data })
          .from(blobChunks)
          .where(and(eq(blobChunks.sha256, sha256), eq(blobChunks.seq, seq)))
          .limit(1);
        if (!row) return;
        yield asBuffer(row.data);
      }
    }
    const verifying = new VerifyingStream(sha256);
    const source = Readable.from(chunks());
    source.on('error', (error) => verifying.destroy(error));
    return source.pipe(verifying);
  }

  async withFile<T>(sha256: string, use: (filePath: string) => Promise<T>): Promise<T> {
    const stream = await this.openRead(sha256);
    const dir = await makeTempDir('blob');
    const path = join(dir, randomUUID());
    try {
      await pipeline(stream, createWriteStream(path));
      return await use(path);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }

  async delete(sha256: string): Promise<void> {
    if (!isSha256(sha256)) return;
    await this.db.delete(blobs).where(eq(blobs.sha256, sha256));
  }
}
