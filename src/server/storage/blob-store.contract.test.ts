import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm, writeFile, chmod } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buffer } from 'node:stream/consumers';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blobChunks, blobs } from '../db/schema';
import { DRIVERS, startTestServer } from '../test/harness';
import {
  BlobIntegrityError,
  BlobNotFoundError,
  FsBlobStore,
  PgBlobStore,
  sha256Of,
  type BlobStore,
} from './index';

interface Adapter {
  name: string;
  open(): Promise<{ store: BlobStore; close(): Promise<void> }>;
  /** Flips a stored byte behind the store's back, as disk rot or a bad restore would. */
  corrupt(store: BlobStore, sha256: string): Promise<void>;
  /** How many copies of the blob's bytes the backend holds. */
  copies(store: BlobStore, sha256: string): Promise<number>;
}

const filesystem: Adapter = {
  name: 'filesystem',
  async open() {
    const root = await mkdtemp(join(tmpdir(), 'centerline-blobs-'));
    return {
      store: new FsBlobStore(root),
      close: () => rm(root, { recursive: true, force: true }),
    };
  },
  async corrupt(store, sha256) {
    const path = (store as FsBlobStore).pathOf(sha256);
    const bytes = await readFile(path);
    bytes[bytes.length - 1]! ^= 0xff;
    await chmod(path, 0o644);
    await writeFile(path, bytes);
  },
  async copies(store, sha256) {
    const dir = join((store as FsBlobStore).pathOf(sha256), '..');
    return (await readdir(dir)).filter((name) => name === sha256).length;
  },
};

const table = (driver: (typeof DRIVERS)[number]): Adapter => {
  let db: Awaited<ReturnType<typeof startTestServer>>['db'];
  return {
    name: `postgres table (${driver})`,
    async open() {
      const server = await startTestServer(driver);
      await server.app.close();
      db = server.db;
      return { store: new PgBlobStore(db), close: async () => undefined };
    },
    async corrupt(_store, sha256) {
      await db.execute(
        sql`update ${blobChunks} set data = overlay(data placing '\\x00'::bytea from 1 for 1)
            where ${blobChunks.sha256} = ${sha256} and ${blobChunks.seq} = 0`,
      );
    },
    async copies(_store, sha256) {
      return (await db.select().from(blobs).where(eq(blobs.sha256, sha256))).length;
    },
  };
};

describe.each([filesystem, ...DRIVERS.map(table)])('blob store contract: $name', (adapter) => {
  let store: BlobStore;
  let close: () => Promise<void>;
  let scratch: string;
  beforeAll(async () => {
    ({ store, close } = await adapter.open());
    scratch = await mkdtemp(join(tmpdir(), 'centerline-blob-src-'));
  });
  afterAll(async () => {
    await close();
    await rm(scratch, { recursive: true, force: true });
  });

  async function fileWith(bytes: Uint8Array) {
    const path = join(scratch, `${sha256Of(bytes)}-${Math.random()}`);
    await writeFile(path, bytes);
    return path;
  }

  it('stores a multi-chunk file under its SHA-256 and returns the same bytes', async () => {
    const bytes = randomBytes(700 * 1024);
    const stored = await store.putFile(await fileWith(bytes));
    expect(stored).toEqual({ sha256: sha256Of(bytes), size: bytes.length, created: true });
    expect(await store.has(stored.sha256)).toBe(true);
    expect(await store.size(stored.sha256)).toBe(bytes.length);
    expect((await buffer(await store.openRead(stored.sha256))).equals(bytes)).toBe(true);
    const viaFile = await store.withFile(stored.sha256, (path) => readFile(path));
    expect(viaFile.equals(bytes)).toBe(true);
  });

  it('stores identical bytes once, even when written at the same moment', async () => {
    const bytes = randomBytes(300 * 1024);
    const results = await Promise.all([
      store.putFile(await fileWith(bytes)),
      store.putFile(await fileWith(bytes)),
      store.putBytes(bytes),
    ]);
    expect(results.filter((r) => r.created)).toHaveLength(1);
    expect(new Set(results.map((r) => r.sha256))).toEqual(new Set([sha256Of(bytes)]));
    expect(await adapter.copies(store, sha256Of(bytes))).toBe(1);
  });

  it('stores an empty blob', async () => {
    const stored = await store.putBytes(new Uint8Array());
    expect(stored.size).toBe(0);
    expect((await buffer(await store.openRead(stored.sha256))).length).toBe(0);
  });

  it('refuses bytes that do not hash to the expected value and stores nothing', async () => {
    const bytes = randomBytes(1024);
    const wrong = sha256Of(Buffer.from('something else'));
    await expect(store.putFile(await fileWith(bytes), wrong)).rejects.toBeInstanceOf(
      BlobIntegrityError,
    );
    expect(await store.has(sha256Of(bytes))).toBe(false);
    expect(await store.has(wrong)).toBe(false);
  });

  it('fails a read of bytes that no longer match their hash, without delivering them', async () => {
    const bytes = randomBytes(400 * 1024);
    const { sha256 } = await store.putBytes(bytes);
    await adapter.corrupt(store, sha256);
    const received: Buffer[] = [];
    const stream = await store.openRead(sha256);
    const outcome = new Promise<unknown>((resolve) => {
      stream.on('data', (chunk: Buffer) => received.push(chunk));
      stream.on('error', resolve);
      stream.on('end', () => resolve('ended'));
    });
    expect(await outcome).toBeInstanceOf(BlobIntegrityError);
    expect(Buffer.concat(received).length).toBeLessThan(bytes.length);
    await expect(store.withFile(sha256, async () => 'used')).rejects.toBeInstanceOf(
      BlobIntegrityError,
    );
  });

  it('answers not found for unknown and malformed keys, and after delete', async () => {
    const unknown = sha256Of(randomBytes(16));
    await expect(store.openRead(unknown)).rejects.toBeInstanceOf(BlobNotFoundError);
    await expect(store.openRead('../../etc/passwd')).rejects.toBeInstanceOf(BlobNotFoundError);
    await expect(store.withFile(unknown, async () => 1)).rejects.toBeInstanceOf(BlobNotFoundError);
    expect(await store.size(unknown)).toBeNull();

    const { sha256 } = await store.putBytes(randomBytes(64));
    await store.delete(sha256);
    expect(await store.has(sha256)).toBe(false);
    await store.delete(sha256);
  });
});
