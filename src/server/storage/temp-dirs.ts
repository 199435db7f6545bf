import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * The process's scratch folders (an upload being received, an import being read, a blob copied
 * out for a reader). Each is removed when its request ends; a process killed mid-request (kill -9,
 * a crash, the machine stopping) leaves its folders behind, so every start sweeps the ones whose
 * process is gone. The owner's pid is in the name: several nodes on one machine never remove
 * each other's folders while they run.
 */
export type TempKind = 'upload' | 'import' | 'blob';

const PATTERN = /^centerline-(upload|import|blob)-(?:(\d+)-)?/;

/** Folders named before the pid was part of the name are swept once they are this old. */
const UNOWNED_AGE_MS = 60 * 60_000;

export function makeTempDir(kind: TempKind, root = tmpdir()): Promise<string> {
  return mkdtemp(join(root, `centerline-${kind}-${process.pid}-`));
}

function isRunning(pid: number): boolean {
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Removes the scratch folders of processes that are gone; answers what it removed. */
export async function sweepTempDirs(root = tmpdir(), now = Date.now()): Promise<string[]> {
  const removed: string[] = [];
  for (const name of await readdir(root).catch(() => [] as string[])) {
    const match = PATTERN.exec(name);
    if (!match) continue;
    const path = join(root, name);
    const pid = match[2] ? Number(match[2]) : null;
    if (pid !== null && isRunning(pid)) continue;
    if (pid === null) {
      const info = await stat(path).catch(() => null);
      if (!info || now - info.mtimeMs < UNOWNED_AGE_MS) continue;
    }
    await rm(path, { recursive: true, force: true });
    removed.push(path);
  }
  return removed;
}

/** Staging files of the filesystem blob store older than an hour: writes that never finished. */
export async function sweepStaging(staging: string, now = Date.now()): Promise<string[]> {
  const removed: string[] = [];
  for (const name of await readdir(staging).catch(() => [] as string[])) {
    const path = join(staging, name);
    const info = await stat(path).catch(() => null);
    if (!info || now - info.mtimeMs < UNOWNED_AGE_MS) continue;
    await rm(path, { force: true });
    removed.push(path);
  }
  return removed;
}
