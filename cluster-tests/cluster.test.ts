import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMPTY_ROOT } from '@shared/ledger/merkle';
import { startCluster, type Cluster } from '../scripts/cluster';
import { Frontier, leafHashOf } from '../src/server/features/ledger/hashing';
import { CERTIFICATE_LINES, pdfBytes, pngBytes } from '../src/server/test/documents/fixtures';
import { file, upload } from '../src/server/test/documents/http';
import { TestClient } from '../src/server/test/harness';
import { eventPayload } from '../src/server/test/training-events';
import { PostgresInstance } from './postgres-instance';

const BASE_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const ADMIN = { email: 'admin@cluster.test', password: 'cluster admin passphrase' };
const NODE_ENV = {
  ADMIN_EMAIL: ADMIN.email,
  ADMIN_PASSWORD: ADMIN.password,
  ADMIN_ORGANIZATION: 'Cluster Test Training Center',
  LOGIN_RATE_LIMIT: '1000',
  // A killed worker's runs go back to the queue after 5 s without renewal (default 30 s).
  JOB_LEASE_SECONDS: '5',
  LOG_LEVEL: 'info',
};

function databaseUrl(name: string) {
  const url = new URL(BASE_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

async function until<T>(
  probe: () => Promise<T | undefined | false>,
  timeoutMs: number,
  what: string,
) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe().catch(() => undefined);
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

async function signIn(url: string) {
  const client = new TestClient(url);
  const res = await client.post('/api/auth/login', ADMIN);
  if (res.status !== 200)
    throw new Error(`sign-in failed: ${res.status} ${JSON.stringify(res.body)}`);
  return client;
}

/** Indices 0..n-1 with no gap, every leaf hash that of its text, and the stored root recomputed. */
async function verifyLedger(db: pg.Pool) {
  const { rows: states } = await db.query<{
    organization_id: string;
    tree_size: string;
    root_hash: string;
  }>('select organization_id, tree_size::text, root_hash from ledger_states');
  let total = 0;
  for (const state of states) {
    const { rows } = await db.query<{ leaf_index: string; leaf: string; leaf_hash: string }>(
      'select leaf_index::text, leaf, leaf_hash from ledger_leaves where organization_id = $1 order by ledger_leaves.leaf_index',
      [state.organization_id],
    );
    expect(rows.length).toBe(Number(state.tree_size));
    const tree = new Frontier();
    rows.forEach((row, i) => {
      expect(Number(row.leaf_index)).toBe(i);
      expect(leafHashOf(row.leaf)).toBe(row.leaf_hash);
      tree.push(row.leaf_hash, () => {});
    });
    expect(tree.root(EMPTY_ROOT)).toBe(state.root_hash);
    total += rows.length;
  }
  return total;
}

describe('two web nodes and two workers behind nginx, on PostgreSQL', () => {
  let cluster: Cluster;
  let db: pg.Pool;
  const lines: { node: string; line: string }[] = [];

  beforeAll(async () => {
    cluster = await startCluster({
      databaseUrl: databaseUrl('centerline_cluster_test'),
      fresh: true,
      port: 8300,
      web: 2,
      workers: 2,
      env: NODE_ENV,
      onLine: (node, line) => lines.push({ node, line }),
    });
    db = new pg.Pool({ connectionString: cluster.databaseUrl, max: 4 });
  });
  afterAll(async () => {
    await db?.end();
    await cluster?.stop();
  });

  it('serves one session from either web node and through nginx; a worker serves no pages', async () => {
    const admin = await signIn(cluster.url);
    for (const url of [cluster.url, ...cluster.web.map((n) => n.url)]) {
      const other = new TestClient(url);
      other.cookie = admin.cookie;
      const me = await other.get('/api/auth/user');
      expect(me.status).toBe(200);
      expect(me.body.email).toBe(ADMIN.email);
    }
    const worker = cluster.workers[0]!;
    expect((await fetch(`${worker.url}/api/health/ready`)).status).toBe(200);
    expect((await fetch(`${worker.url}/api/auth/user`)).status).toBe(404);
    // nginx keeps metrics off the public address; each node gives them with its token.
    expect((await fetch(`${cluster.url}/metrics`)).status).toBe(404);
    const metrics = await fetch(`${worker.url}/metrics`, {
      headers: { authorization: `Bearer ${cluster.metricsToken}` },
    });
    expect(await metrics.text()).toContain('centerline_job_queue_waiting');
  });

  it('finishes documents and an audit on the other worker when one is killed with -9', async () => {
    const admin = await signIn(cluster.url);
    const names = [
      'Avery Quinn',
      'Blair Morgan',
      'Casey Rivers',
      'Devon Hart',
      'Emery Stone',
      'Finley Ross',
    ];
    const ids: string[] = [];
    for (const [i, name] of names.entries()) {
      const lines = CERTIFICATE_LINES.map((l) => l.replace('Jordan Avery Pilot', name));
      const bytes = i < 4 ? await pngBytes(lines.slice(0, 4)) : await pdfBytes(lines);
      const res = await upload(cluster.url, admin.cookie, [
        file(i < 4 ? `scan-${i}.png` : `record-${i}.pdf`, bytes),
      ]);
      expect(res.status).toBe(201);
      ids.push(...(res.body.documents as { id: string }[]).map((d) => d.id));
    }
    const started = await admin.request('POST', '/api/audit/analyze-compliance?wait=false');
    expect(started.status).toBe(202);
    const runId = started.body.runId as string;

    // Kill worker-1 once it holds a run.
    const victim = cluster.workers[0]!;
    const pid = String(victim.process!.pid);
    const held = await until(
      async () => {
        const { rows } = await db.query<{ job_name: string }>(
          `select job_name from job_leases where split_part(worker_id, ':', 2) = $1`,
          [pid],
        );
        return rows.length > 0 ? rows.map((r) => r.job_name) : undefined;
      },
      60_000,
      'worker-1 to take a job',
    );
    expect(held.length).toBeGreaterThan(0);
    await victim.kill('SIGKILL');

    const settled = await until(
      async () => {
        const { rows } = await db.query<{ status: string }>(
          'select status from documents where id = any($1::uuid[])',
          [ids],
        );
        const run = await db.query<{ status: string }>(
          'select status from audit_runs where id = $1',
          [runId],
        );
        const busy = rows.some((r) => ['uploaded', 'processing'].includes(r.status));
        const runStatus = run.rows[0]?.status;
        return !busy && runStatus && !['queued', 'running'].includes(runStatus)
          ? { documents: rows.map((r) => r.status), run: runStatus }
          : undefined;
      },
      240_000,
      'every document and the audit to finish on worker-2',
    );
    expect(settled.documents.every((s) => s === 'processed' || s === 'needs_review')).toBe(true);
    expect(settled.run).toBe('completed');
    // The lapsed lease was noticed and the run handed back, by the surviving worker.
    expect(
      lines.some((l) => l.node === 'worker-2' && l.line.includes('goes back to the queue')),
    ).toBe(true);

    // Written once: every document of the one layout has the same fields, none twice.
    const fields = await db.query<{ document_id: string; n: number; distinct_names: number }>(
      `select document_id, count(*)::int as n, count(distinct field_name)::int as distinct_names
         from extracted_fields where document_id = any($1::uuid[]) group by document_id`,
      [ids],
    );
    const pngCounts = fields.rows.filter((r) => ids.indexOf(r.document_id) < 4).map((r) => r.n);
    expect(pngCounts.length).toBe(4);
    expect(new Set(pngCounts).size).toBe(1);
    const items = await db.query<{ n: number; positions: number }>(
      'select count(*)::int as n, count(distinct position)::int as positions from audit_run_items where run_id = $1',
      [runId],
    );
    expect(items.rows[0]!.n).toBeGreaterThan(0);
    expect(items.rows[0]!.n).toBe(items.rows[0]!.positions);
    await verifyLedger(db);
    await victim.start();
  });

  it('stops a worker on SIGTERM once its runs are finished or handed back, and loses none', async () => {
    const admin = await signIn(cluster.url);
    const ids: string[] = [];
    for (let i = 0; i < 4; i++) {
      const lines = CERTIFICATE_LINES.map((l) => l.replace('Jordan Avery Pilot', `Gale Term ${i}`));
      const res = await upload(cluster.url, admin.cookie, [
        file(`term-${i}.png`, await pngBytes(lines.slice(0, 4))),
      ]);
      expect(res.status).toBe(201);
      ids.push(res.body.id as string);
    }
    const worker = cluster.workers[1]!;
    const pid = String(worker.process!.pid);
    await until(
      async () =>
        (await db.query(`select 1 from job_leases where split_part(worker_id, ':', 2) = $1`, [pid]))
          .rows.length > 0,
      60_000,
      'worker-2 to take a job',
    );
    const child = worker.process!;
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(lines.some((l) => l.node === 'worker-2' && l.line.includes('"msg":"stopped"'))).toBe(
      true,
    );
    // Nothing it held stays held: its leases are gone and every document settles.
    const held = await db.query(
      `select 1 from job_leases where split_part(worker_id, ':', 2) = $1`,
      [pid],
    );
    expect(held.rows).toEqual([]);
    await until(
      async () => {
        const { rows } = await db.query<{ status: string }>(
          'select status from documents where id = any($1::uuid[])',
          [ids],
        );
        return rows.every((r) => r.status === 'processed' || r.status === 'needs_review');
      },
      120_000,
      'the documents to settle on worker-1',
    );
    await worker.start();
  });

  it('routes around a web node killed under load; the session stays valid on the other', async () => {
    const admin = await signIn(cluster.url);
    const results: { at: number; status: number }[] = [];
    const end = Date.now() + 8_000;
    let killedAt = Number.POSITIVE_INFINITY;
    const loop = async () => {
      const client = new TestClient(cluster.url);
      client.cookie = admin.cookie;
      while (Date.now() < end) {
        const at = Date.now();
        const res = await client.get('/api/documents').catch(() => ({ status: 0 }));
        results.push({ at, status: res.status });
      }
    };
    const load = Promise.all(Array.from({ length: 8 }, loop));
    await new Promise((r) => setTimeout(r, 2_500));
    killedAt = Date.now();
    await cluster.web[0]!.kill('SIGKILL');
    await load;
    const after = results.filter((r) => r.at > killedAt);
    expect(after.length).toBeGreaterThan(50);
    expect(after.filter((r) => r.status !== 200)).toEqual([]);
    // Writes after the kill land on the surviving node.
    const created = await admin.post('/api/training-events', eventPayload());
    expect(created.status).toBe(201);
    await cluster.web[0]!.start();
  });

  it('gives 10,000 records written through two web nodes at once a gap-free ledger that verifies', async () => {
    const admin = await signIn(cluster.url);
    const clients = cluster.web.map((node) => {
      const client = new TestClient(node.url);
      client.cookie = admin.cookie;
      return client;
    });
    const before = (await db.query<{ n: number }>('select count(*)::int as n from training_events'))
      .rows[0]!.n;
    const TOTAL = 10_000;
    let next = 0;
    const failures: string[] = [];
    const writer = async (k: number) => {
      const client = clients[k % 2]!;
      while (next < TOTAL) {
        next++;
        const res = await client.post('/api/training-events', eventPayload());
        if (res.status !== 201) failures.push(`${res.status} ${JSON.stringify(res.body)}`);
      }
    };
    await Promise.all(Array.from({ length: 16 }, (_, k) => writer(k)));
    expect(failures).toEqual([]);
    const after = (await db.query<{ n: number }>('select count(*)::int as n from training_events'))
      .rows[0]!.n;
    expect(after - before).toBe(TOTAL);
    const leaves = await verifyLedger(db);
    expect(leaves).toBeGreaterThanOrEqual(TOTAL);
    const recorded = await db.query<{ n: number }>(
      `select count(distinct record_id)::int as n from ledger_leaves where record_type = 'training_event'`,
    );
    expect(recorded.rows[0]!.n).toBeGreaterThanOrEqual(after);
  });
});

describe('PostgreSQL restarted under running nodes', () => {
  const postgres = new PostgresInstance(55_432);
  let cluster: Cluster;

  beforeAll(async () => {
    postgres.init();
    cluster = await startCluster({
      databaseUrl: postgres.url,
      fresh: true,
      port: 8400,
      web: 2,
      workers: 1,
      env: NODE_ENV,
    });
  });
  afterAll(async () => {
    await cluster?.stop();
    postgres.remove();
  });

  it('reports not ready while it is down, recovers when it returns, and loses nothing', async () => {
    const admin = await signIn(cluster.url);
    const ids: string[] = [];
    for (let i = 0; i < 20; i++)
      ids.push((await admin.post('/api/training-events', eventPayload())).body.id);
    expect(ids.every(Boolean)).toBe(true);

    postgres.stop('immediate');
    for (const node of [...cluster.web, ...cluster.workers]) {
      await until(
        async () => (await fetch(`${node.url}/api/health/ready`)).status === 503,
        30_000,
        `${node.name} to report not ready`,
      );
    }
    const down = await fetch(`${cluster.url}/api/health/ready`);
    expect(down.status).toBe(503);
    expect((await fetch(`${cluster.url}/api/health/live`)).status).toBe(200);

    postgres.start();
    for (const node of [...cluster.web, ...cluster.workers]) {
      await until(
        async () => (await fetch(`${node.url}/api/health/ready`)).status === 200,
        60_000,
        `${node.name} to be ready again`,
      );
    }
    // The session made before the outage is still good, on both nodes; nothing written is lost.
    for (const node of cluster.web) {
      const client = new TestClient(node.url);
      client.cookie = admin.cookie;
      for (const id of ids)
        expect((await client.get(`/api/training-events/${id}`)).status).toBe(200);
    }
    expect((await admin.post('/api/training-events', eventPayload())).status).toBe(201);
    const db = new pg.Pool({ connectionString: postgres.url, max: 2 });
    try {
      expect(await verifyLedger(db)).toBeGreaterThanOrEqual(21);
    } finally {
      await db.end();
    }
  });
});
