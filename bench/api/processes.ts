/**
 * Child servers of `npm run bench:api`: spawned with their own environment, timed until their
 * health route answers, measured through /proc, and always killed — at the end, on an error, on
 * Ctrl-C — even when the benchmark itself fails.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { join, resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '../..');
const running = new Set<ChildProcess>();

process.on('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

export interface ServerProcess {
  child: ChildProcess;
  baseUrl: string;
  /** When it was spawned (performance.now()). */
  startedAt: number;
  /** Milliseconds from spawn to the first 2xx of the health route. */
  coldStartMs: number;
  /** The last lines the process wrote, for error messages. */
  output(): string;
  stop(): Promise<void>;
}

/** A port nobody listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? done(address.port) : fail(new Error('no port')),
      );
    });
  });
}

/**
 * How the product server starts here: the compiled `dist/server/main.js` when a build left one
 * (unless BENCH_SERVER=source), else the TypeScript source through tsx's loader in the same
 * process (not the tsx command, which runs the server in a second process whose memory /proc
 * would not show). `stale` names a source file changed after the build, if any.
 */
export function productCommand(): {
  args: string[];
  label: string;
  /** When the compiled server was built (others may rebuild it during a run). */
  builtAt: string | null;
  stale: string | null;
} {
  const compiled = resolve(ROOT, 'dist/server/main.js');
  if (existsSync(compiled) && process.env.BENCH_SERVER !== 'source') {
    const built = statSync(compiled).mtimeMs;
    const stale = ['src/server', 'src/shared', 'migrations']
      .flatMap((dir) =>
        readdirSync(resolve(ROOT, dir), { recursive: true, encoding: 'utf8' }).map((f) =>
          join(dir, f),
        ),
      )
      .find((file) => statSync(resolve(ROOT, file)).mtimeMs > built);
    return {
      args: [compiled],
      label: 'dist/server/main.js (node)',
      builtAt: new Date(built).toISOString(),
      stale: stale ?? null,
    };
  }
  return {
    args: ['--import', 'tsx', resolve(ROOT, 'src/server/main.ts')],
    label: 'src/server/main.ts (node --import tsx)',
    builtAt: null,
    stale: null,
  };
}

export const bareServerCommand = () => ({
  args: ['--import', 'tsx', resolve(ROOT, 'bench/api/bare-server.ts')],
  label: 'bench/api/bare-server.ts',
});

/** Resident memory of a process in MB (VmRSS), or null when /proc cannot tell. */
export function rssMb(pid: number | undefined): number | null {
  if (pid === undefined) return null;
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = /^VmRSS:\s+(\d+)\s+kB/m.exec(status)?.[1];
    return kb === undefined ? null : Math.round(Number(kb) / 1024);
  } catch {
    return null;
  }
}

/** CPU seconds a process has used so far (user + system), or null when /proc cannot tell. */
export function cpuSeconds(pid: number | undefined): number | null {
  if (pid === undefined) return null;
  try {
    // Fields after the command name, which sits in parentheses and may hold spaces.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // utime and stime (fields 14 and 15 of proc(5)), in clock ticks of 1/100 s on Linux.
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return null;
  }
}

/** Spawns `node <args>` and waits until `healthPath` answers 2xx (or the process dies). */
export async function startServer(options: {
  args: string[];
  env: Record<string, string>;
  port: number;
  healthPath: string;
  timeoutMs?: number;
}): Promise<ServerProcess> {
  const baseUrl = `http://127.0.0.1:${options.port}`;
  const lines: string[] = [];
  const started = performance.now();
  const child = spawn(process.execPath, options.args, {
    cwd: ROOT,
    env: options.env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  const keep = (chunk: Buffer) => {
    lines.push(...chunk.toString().split('\n').filter(Boolean));
    lines.splice(0, Math.max(0, lines.length - 40));
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  let exited: string | null = null;
  const exit = new Promise<void>((done) =>
    child.once('exit', (code, signal) => {
      exited = `exited with ${signal ?? `code ${code}`}`;
      running.delete(child);
      done();
    }),
  );
  const output = () => lines.join('\n');

  const stop = async () => {
    if (exited) return;
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
    await exit;
    clearTimeout(timer);
  };

  const deadline = started + (options.timeoutMs ?? 180_000);
  while (performance.now() < deadline) {
    if (exited) throw new Error(`server ${exited} before answering:\n${output()}`);
    try {
      const res = await fetch(baseUrl + options.healthPath, { signal: AbortSignal.timeout(2_000) });
      if (res.ok) {
        const coldStartMs = performance.now() - started;
        await res.arrayBuffer();
        return { child, baseUrl, startedAt: started, coldStartMs, output, stop };
      }
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 25));
  }
  await stop();
  throw new Error(`server did not answer ${options.healthPath} in time:\n${output()}`);
}
