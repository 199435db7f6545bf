import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/*
 * Processes an end-to-end spec runs itself: its own server (so it can stop, change and restart
 * it, or start it with settings the suite's server does not have), witnesses and fixtures. A
 * spec keeps one group and calls `cleanup()` in afterAll, which stops everything it started and
 * removes its temporary folders, even when the spec failed half way.
 */

/** tsx's CLI, to run a TypeScript script as its own process. */
export const TSX = 'node_modules/tsx/dist/cli.mjs';

export interface Spawned {
  child: ChildProcess;
  /** Everything it wrote so far, stdout and stderr together. */
  output: () => string;
  exited: Promise<number | null>;
}

/** A free port on the loopback interface (released before it is used: good enough for tests). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

export class ProcessGroup {
  private readonly spawned: Spawned[] = [];
  private readonly dirs: string[] = [];

  /** A node process with these arguments and extra environment. */
  run(args: string[], env: NodeJS.ProcessEnv = {}): Spawned {
    const child = spawn(process.execPath, args, {
      env: { ...process.env, ...env },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    const proc = { child, output: () => output, exited };
    this.spawned.push(proc);
    return proc;
  }

  /** A temporary folder removed by `cleanup()`. */
  tempDir(prefix: string): string {
    const dir = mkdtempSync(join(tmpdir(), prefix));
    this.dirs.push(dir);
    return dir;
  }

  /** The compiled server on `port`, resolved once /api/health answers. */
  async startServer(port: number, env: NodeJS.ProcessEnv): Promise<Spawned> {
    const proc = this.run(['--enable-source-maps', 'dist/server/main.js'], {
      PORT: String(port),
      LOG_LEVEL: 'warn',
      // Specs sign in many times from one address.
      LOGIN_RATE_LIMIT: '200',
      ...env,
    });
    const deadline = Date.now() + 60_000;
    for (;;) {
      try {
        if ((await fetch(`http://localhost:${port}/api/health`)).ok) return proc;
      } catch {
        // Not listening yet.
      }
      if (proc.child.exitCode !== null || Date.now() > deadline) {
        throw new Error(`the server did not start:\n${proc.output()}`);
      }
      await new Promise((r) => setTimeout(r, 200));
    }
  }

  async cleanup(): Promise<void> {
    await Promise.all(this.spawned.map(stop));
    for (const dir of this.dirs) rmSync(dir, { recursive: true, force: true });
  }
}

/** The first match of `pattern` in the process's output, waiting for it to appear. */
export async function waitForOutput(proc: Spawned, pattern: RegExp, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const match = pattern.exec(proc.output());
    if (match) return match;
    if (proc.child.exitCode !== null || Date.now() > deadline) {
      throw new Error(`no ${pattern} in the output:\n${proc.output()}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** SIGTERM, then SIGKILL after 10 s; resolves when the process has exited. */
export async function stop(proc: Spawned): Promise<void> {
  if (proc.child.exitCode !== null || proc.child.signalCode !== null) return;
  proc.child.kill('SIGTERM');
  const timer = setTimeout(() => proc.child.kill('SIGKILL'), 10_000);
  await proc.exited;
  clearTimeout(timer);
}
