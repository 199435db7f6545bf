import { spawnSync } from 'node:child_process';
import { chmodSync, chownSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const BIN = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin';

/**
 * A PostgreSQL server of the test's own, in a scratch folder, that the test may stop and start
 * (the machine's server is shared and stays up). PostgreSQL refuses to run as root: as root, it
 * runs as the `postgres` user.
 */
export class PostgresInstance {
  readonly dir = mkdtempSync(join(tmpdir(), 'centerline-pg-'));
  readonly data = join(this.dir, 'data');
  constructor(readonly port: number) {}

  get url() {
    return `postgres://postgres@127.0.0.1:${this.port}/centerline`;
  }

  private run(command: string, args: string[]) {
    const asRoot = process.getuid?.() === 0;
    const result = asRoot
      ? spawnSync('runuser', ['-u', 'postgres', '--', join(BIN, command), ...args], {
          encoding: 'utf8',
        })
      : spawnSync(join(BIN, command), args, { encoding: 'utf8' });
    if (result.status !== 0) {
      throw new Error(
        `${command} failed: ${result.stderr || result.stdout || result.error?.message}`,
      );
    }
  }

  init() {
    if (process.getuid?.() === 0) {
      chmodSync(this.dir, 0o755);
      const id = spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).stdout.trim();
      const gid = spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).stdout.trim();
      chownSync(this.dir, Number(id), Number(gid));
    }
    this.run('initdb', [
      '-D',
      this.data,
      '-A',
      'trust',
      '-U',
      'postgres',
      '--no-sync',
      '-E',
      'UTF8',
    ]);
    this.start();
  }

  start() {
    this.run('pg_ctl', [
      '-D',
      this.data,
      '-l',
      join(this.dir, 'server.log'),
      '-o',
      `-p ${this.port} -k ${this.dir} -c listen_addresses=127.0.0.1 -c max_connections=200 -c fsync=off`,
      '-w',
      'start',
    ]);
  }

  /** `immediate`: as a crash would (no checkpoint; recovery on the next start). */
  stop(mode: 'fast' | 'immediate' = 'fast') {
    this.run('pg_ctl', ['-D', this.data, '-m', mode, '-w', 'stop']);
  }

  remove() {
    try {
      this.stop('immediate');
    } catch {
      // already stopped
    }
    rmSync(this.dir, { recursive: true, force: true });
  }
}
