/**
 * The server the benchmark talks to: `src/server/main.ts` as users run it (embedded database in a
 * throwaway data folder, its own OCR pool and job runner), in a child process whose peak memory
 * the kernel keeps (VmHWM).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ServerProcess } from './api';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address
          ? resolve(address.port)
          : reject(new Error('no port')),
      );
    });
  });
}

async function kib(pid: number, key: 'VmHWM' | 'VmRSS'): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8').catch(() => '');
  const m = new RegExp(`^${key}:\\s+(\\d+) kB`, 'm').exec(status);
  return m ? Number(m[1]) * 1024 : 0;
}

export async function startServer(
  admin: { email: string; password: string },
  ocrWorkers: number,
  role: 'all' | 'web' = 'all',
): Promise<ServerProcess & { startRss: number }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'centerline-bench-extraction-'));
  const port = await freePort();
  const { DATABASE_URL: _ignored, ...inherited } = process.env;
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: {
      ...inherited,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      ADMIN_EMAIL: admin.email,
      ADMIN_PASSWORD: admin.password,
      ADMIN_ORGANIZATION: 'Benchmark Training Center',
      OCR_WORKERS: String(ocrWorkers),
      ROLE: role,
      LOG_LEVEL: 'warn',
      LOGIN_RATE_LIMIT: '1000',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    const up = await fetch(`${url}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) break;
    if (Date.now() > deadline) throw new Error('the server did not start within 2 minutes');
    await new Promise((r) => setTimeout(r, 250));
  }
  const pid = child.pid!;
  return {
    url,
    pid,
    startRss: await kib(pid, 'VmRSS'),
    peakRss: () => kib(pid, 'VmHWM'),
    rss: () => kib(pid, 'VmRSS'),
    async stop() {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
