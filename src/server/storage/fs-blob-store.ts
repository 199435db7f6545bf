import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { chmod, link, mkdir, readdir, rm, stat, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  assertSha256,
  BlobIntegrityError,
  BlobNotFoundError,
  hashFile,
  isSha256,
  sha256Of,
  VerifyingStream,
  writeHashed,
  type BlobStore,
  type StoredBlob,
} from './blob-store';

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';
const isExisting = (error: unknown) => (error as NodeJS.ErrnoException).code === 'EEXIST';

/**
 * Blobs as read-only files under `root/ab/cd/<sha256>`. Writes go to a staging file first and
 * are hard-linked into place, so a blob path that exists always holds complete bytes, and two
 * writers of the same bytes end with one file.
 */
export class FsBlobStore implements BlobStore {
  readonly kind = 'filesystem';
  private readonly staging: string;

  constructor(private readonly root: string) {
    this.staging = join(root, '.staging');
  }

  /** Every stored blob's key (its folders `ab/cd/<sha256>`), for backups. */
  async *hashes(): AsyncGenerator<string> {
    const level = async (dir: string) =>
      (await readdir(dir, { withFileTypes: true }).catch(() => [])).filter(
        (e) => e.isDirectory() && /^[0-9a-f]{2}$/.test(e.name),
      );
    for (const a of await level(this.root)) {
      for (const b of await level(join(this.root, a.name))) {
        const dir = join(this.root, a.name, b.name);
        for (const name of await readdir(dir)) if (isSha256(name)) yield name;
      }
    }
  }

  pathOf(sha256: string): string {
    assertSha256(sha256);
    return join(this.root, sha256.slice(0, 2), sha256.slice(2, 4), sha256);
  }

  async putFile(filePath: string, expectedSha256?: string): Promise<StoredBlob> {
    await mkdir(this.staging, { recursive: true });
    const stagingPath = join(this.staging, randomUUID());
    try {
      const { sha256, size } = await writeHashed(createReadStream(filePath), stagingPath);
      if (expectedSha256 !== undefined && sha256 !== expectedSha256) {
        throw new BlobIntegrityError(expectedSha256);
      }
      return { sha256, size, created: await this.place(stagingPath, sha256) };
    } finally {
      await rm(stagingPath, { force: true });
    }
  }

  async putBytes(bytes: Uint8Array): Promise<StoredBlob> {
    await mkdir(this.staging, { recursive: true });
    const stagingPath = join(this.staging, randomUUID());
    try {
      await writeFile(stagingPath, bytes);
      const sha256 = sha256Of(bytes);
      return { sha256, size: bytes.length, created: await this.place(stagingPath, sha256) };
    } finally {
      await rm(stagingPath, { force: true });
    }
  }

  /** Links the staged file to its final path; false when the blob was already there. */
  private async place(stagingPath: string, sha256: string): Promise<boolean> {
    const target = this.pathOf(sha256);
    await mkdir(join(target, '..'), { recursive: true });
    await chmod(stagingPath, 0o444);
    try {
      await link(stagingPath, target);
      return true;
    } catch (error) {
      if (isExisting(error)) return false;
      throw error;
    }
  }

  async has(sha256: string): Promise<boolean> {
    return (await this.size(sha256)) !== null;
  }

  async size(sha256: string): Promise<number | null> {
    try {
      return (await stat(this.pathOf(sha256))).size;
    } catch (error) {
      if (isMissing(error) || error instanceof BlobNotFoundError) return null;
      throw error;
    }
  }

  async openRead(sha256: string): Promise<VerifyingStream> {
    const path = this.pathOf(sha256);
    if ((await this.size(sha256)) === null) throw new BlobNotFoundError(sha256);
    const verifying = new VerifyingStream(sha256);
    const source = createReadStream(path);
    source.on('error', (error) => verifying.destroy(error));
    return source.pipe(verifying);
  }

  async withFile<T>(sha256: string, use: (filePath: string) => Promise<T>): Promise<T> {
    const path = this.pathOf(sha256);
    let actual: string;
    try {
      actual = (await hashFile(path)).sha256;
    } catch (error) {
      if (isMissing(error)) throw new BlobNotFoundError(sha256);
      throw error;
    }
    if (actual !== sha256) throw new BlobIntegrityError(sha256);
    // The file is read-only and replaced only by identical bytes, so the verified path stays valid.
    return use(path);
  }

  async delete(sha256: string): Promise<void> {
    try {
      await unlink(this.pathOf(sha256));
    } catch (error) {
      if (!isMissing(error)) throw error;
    }
  }
}
