import { spawnSync } from 'node:child_process';
import { mkdir, mkdtemp, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { makeTempDir, sweepStaging, sweepTempDirs } from './temp-dirs';

/** A pid no process has now: one that just exited. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']);
  return Number(child.stdout.toString());
}

describe('scratch folders left by a killed process', () => {
  let root: string;
  afterEach(() => rm(root, { recursive: true, force: true }));

  it('sweeps the folders of a process that is gone, keeps this one’s and strangers’', async () => {
    root = await mkdtemp(join(tmpdir(), 'sweep-test-'));
    const mine = await makeTempDir('upload', root);
    await writeFile(join(mine, 'part'), 'still uploading');
    const orphan = join(root, `centerline-upload-${deadPid()}-abc123`);
    await mkdir(orphan);
    await writeFile(join(orphan, 'file'), Buffer.alloc(1024));
    const oldUnowned = join(root, 'centerline-import-Xy12Ab');
    await mkdir(oldUnowned);
    const past = new Date(Date.now() - 2 * 3_600_000);
    await utimes(oldUnowned, past, past);
    const freshUnowned = join(root, 'centerline-blob-Qw34Er');
    await mkdir(freshUnowned);
    await mkdir(join(root, 'someone-else'));

    const removed = await sweepTempDirs(root);
    expect(removed.sort()).toEqual([oldUnowned, orphan].sort());
    expect((await readdir(root)).sort()).toEqual(
      ['someone-else', 'centerline-blob-Qw34Er', mine.slice(root.length + 1)].sort(),
    );
  });

  it('removes unfinished staging files older than an hour', async () => {
    root = await mkdtemp(join(tmpdir(), 'sweep-test-'));
    await writeFile(join(root, 'old'), 'x');
    const past = new Date(Date.now() - 2 * 3_600_000);
    await utimes(join(root, 'old'), past, past);
    await writeFile(join(root, 'new'), 'y');
    expect(await sweepStaging(root)).toEqual([join(root, 'old')]);
    expect(await readdir(root)).toEqual(['new']);
  });
});
