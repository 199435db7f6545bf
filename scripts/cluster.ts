/**
 * A cluster on this machine: PostgreSQL (DATABASE_URL, the local server by default), N web
 * nodes, M workers and nginx in front, each on a local port; Ctrl-C stops them in order.
 *
 *   npm run build && npm run cluster -- --web 2 --workers 1 --port 8080
 *
 * Options: --web N (2), --workers M (1), --port P (8080, nginx), --fresh (drop and create the
 * database first). Node logs (JSON lines) and nginx's files are in .tmp/cluster-<port>/.
 * Imported, `startCluster` does the same for the fault tests and the cluster benchmark.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  openSync,
  readFileSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { openDatabase } from '../src/server/db/client';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const SERVER = join(ROOT, 'dist', 'server', 'main.js');
export const NGINX = process.env.NGINX_PATH ?? '/usr/sbin/nginx';
export const DEFAULT_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/centerline';

export interface ClusterOptions {
  databaseUrl?: string;
  web?: number;
  workers?: number;
  /** nginx's port; the nodes take the ports after it. */
  port?: number;
  /** Drop and create the database first. */
  fresh?: boolean;
  /** Added to every node's environment (after this process's own). */
  env?: Record<string, string>;
  /** Called with each line a node writes (tests watch for words). */
  onLine?: (node: string, line: string) => void;
}

export interface ClusterNode {
  name: string;
  role: 'web' | 'worker';
  port: number;
  url: string;
  process: ChildProcess | undefined;
  /** Starts the node again (after a kill), and waits until it is ready. */
  start(): Promise<void>;
  /** Sends a signal and waits for the process to end. */
  kill(signal?: NodeJS.Signals): Promise<void>;
}

export interface Cluster {
  /** nginx's address: what users and the end-to-end tests use. */
  url: string;
  databaseUrl: string;
  web: ClusterNode[];
  workers: ClusterNode[];
  metricsToken: string;
  dir: string;
  stop(): Promise<void>;
}

async function waitUntil(probe: () => Promise<boolean>, timeoutMs: number, what: string) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await probe().catch(() => false)) return;
    if (Date.now() > deadline) throw new Error(`${what} did not come up in ${timeoutMs / 1000} s`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

const ready = (url: string) => async () =>
  (await fetch(`${url}/api/health/ready`, { signal: AbortSignal.timeout(2000) })).status === 200;

/** Creates the database when it is missing (or anew with `fresh`). */
async function prepareDatabase(url: string, fresh: boolean) {
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.slice(1));
  if (!/^[A-Za-z0-9_]+$/.test(name)) throw new Error(`unexpected database name: ${name}`);
  const maintenance = new URL(url);
  maintenance.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: maintenance.toString() });
  await admin.connect();
  try {
    if (fresh) await admin.query(`drop database if exists ${name} with (force)`);
    const exists = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (exists.rowCount === 0) await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  // Once, before any node starts: the nodes then find nothing to migrate.
  const handle = await openDatabase({ kind: 'postgres', url, maxConnections: 1 });
  try {
    await handle.migrate();
  } finally {
    await handle.close();
  }
}

/** Secrets every node must share (sealed keys, two-factor secrets), kept per cluster folder. */
function sharedSecrets(dir: string): Record<string, string> {
  const file = join(dir, 'secrets.json');
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;
  const secrets = {
    LEDGER_KEY_SECRET: randomBytes(32).toString('base64url'),
    AUTH_SECRET: randomBytes(32).toString('base64url'),
    METRICS_TOKEN: randomBytes(24).toString('base64url'),
  };
  writeFileSync(file, JSON.stringify(secrets, null, 2), { mode: 0o600 });
  return secrets;
}

function writeNginxConfig(dir: string, port: number, web: ClusterNode[]) {
  for (const sub of ['logs', 'temp']) mkdirSync(join(dir, sub), { recursive: true });
  copyFileSync(join(ROOT, 'deploy', 'nginx.conf'), join(dir, 'nginx.conf'));
  writeFileSync(
    join(dir, 'centerline.upstream.conf'),
    [
      'upstream centerline_web {',
      '  least_conn;',
      ...web.map((n) => `  server 127.0.0.1:${n.port} max_fails=2 fail_timeout=5s;`),
      '  keepalive 64;',
      '}',
      '',
    ].join('\n'),
  );
  writeFileSync(join(dir, 'centerline.site.conf'), `listen 127.0.0.1:${port};\nserver_name _;\n`);
}

function stopProcess(child: ChildProcess | undefined, signal: NodeJS.Signals, graceMs = 20_000) {
  if (!child || child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise<void>((resolveStop) => {
    const force = setTimeout(() => child.kill('SIGKILL'), graceMs);
    child.once('exit', () => {
      clearTimeout(force);
      resolveStop();
    });
    child.kill(signal);
  });
}

export async function startCluster(options: ClusterOptions = {}): Promise<Cluster> {
  if (!existsSync(SERVER)) throw new Error('No build found: run `npm run build` first.');
  if (!existsSync(NGINX)) {
    throw new Error(`nginx is not installed (${NGINX}): apt-get install nginx-light`);
  }
  const databaseUrl = options.databaseUrl ?? process.env.DATABASE_URL ?? DEFAULT_DATABASE_URL;
  const port = options.port ?? 8080;
  const dir = join(ROOT, '.tmp', `cluster-${port}`);
  mkdirSync(dir, { recursive: true });
  await prepareDatabase(databaseUrl, options.fresh ?? false);
  const secrets = sharedSecrets(dir);

  const makeNode = (role: 'web' | 'worker', index: number, nodePort: number): ClusterNode => {
    const name = `${role}-${index + 1}`;
    const node: ClusterNode = {
      name,
      role,
      port: nodePort,
      url: `http://127.0.0.1:${nodePort}`,
      process: undefined,
      async start() {
        const log = openSync(join(dir, `${name}.log`), 'a');
        const child = spawn(process.execPath, ['--enable-source-maps', SERVER], {
          cwd: ROOT,
          env: {
            ...process.env,
            NODE_ENV: 'production',
            LOG_LEVEL: process.env.LOG_LEVEL ?? 'info',
            ...options.env,
            ...secrets,
            ROLE: role,
            PORT: String(nodePort),
            HOST: '127.0.0.1',
            DATABASE_URL: databaseUrl,
            DATA_DIR: join(dir, name),
            // Each node's own scratch folder; blobs and keys are in PostgreSQL.
            TRUST_PROXY: '127.0.0.1',
            CLIENT_DIR: join(ROOT, 'dist', 'client'),
          },
          stdio: ['ignore', 'pipe', 'pipe'],
        });
        node.process = child;
        for (const stream of [child.stdout, child.stderr]) {
          let rest = '';
          stream?.on('data', (chunk: Buffer) => {
            try {
              writeSync(log, chunk);
            } catch {
              // A full disk must not stop the node; the line still reaches onLine.
            }
            const text = rest + chunk.toString('utf8');
            const lines = text.split('\n');
            rest = lines.pop() ?? '';
            for (const line of lines) options.onLine?.(name, line);
          });
        }
        await waitUntil(ready(node.url), 120_000, name);
      },
      async kill(signal = 'SIGTERM') {
        await stopProcess(node.process, signal);
      },
    };
    return node;
  };

  const web = Array.from({ length: options.web ?? 2 }, (_, i) => makeNode('web', i, port + 1 + i));
  const workers = Array.from({ length: options.workers ?? 1 }, (_, i) =>
    makeNode('worker', i, port + 51 + i),
  );
  const started: ClusterNode[] = [];
  let nginx: ChildProcess | undefined;
  const stop = async () => {
    await stopProcess(nginx, 'SIGQUIT');
    await Promise.all(started.map((n) => n.kill('SIGTERM')));
  };
  try {
    // The first web node creates the first admin and seeds the catalogue; the rest start together.
    const [first, ...rest] = [...web, ...workers];
    started.push(first!, ...rest);
    await first!.start();
    await Promise.all(rest.map((n) => n.start()));
    writeNginxConfig(dir, port, web);
    const check = spawnSync(NGINX, ['-t', '-q', '-p', dir, '-c', join(dir, 'nginx.conf')], {
      encoding: 'utf8',
    });
    if (check.status !== 0) throw new Error(`nginx refused its configuration: ${check.stderr}`);
    nginx = spawn(NGINX, ['-p', dir, '-c', join(dir, 'nginx.conf'), '-g', 'daemon off;'], {
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    const url = `http://127.0.0.1:${port}`;
    await waitUntil(ready(url), 30_000, 'nginx');
    return { url, databaseUrl, web, workers, metricsToken: secrets.METRICS_TOKEN!, dir, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

async function main() {
  const { values } = parseArgs({
    options: {
      web: { type: 'string', default: '2' },
      workers: { type: 'string', default: '1' },
      port: { type: 'string', default: '8080' },
      fresh: { type: 'boolean', default: false },
    },
  });
  const cluster = await startCluster({
    web: Number(values.web),
    workers: Number(values.workers),
    port: Number(values.port),
    fresh: values.fresh,
  });
  console.log(
    [
      `Centerline cluster on ${cluster.url} (nginx)`,
      ...cluster.web.map((n) => `  ${n.name}  ${n.url}`),
      ...cluster.workers.map((n) => `  ${n.name}  ${n.url} (health and metrics only)`),
      `  database ${cluster.databaseUrl.replace(/\/\/[^@]*@/, '//')}`,
      `  logs and nginx files in ${cluster.dir}`,
      'Ctrl-C stops everything.',
    ].join('\n'),
  );
  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    console.log('Stopping nginx, then the nodes (each finishes what it is doing)...');
    void cluster.stop().then(() => process.exit(0));
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
