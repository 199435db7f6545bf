import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parse, parseAllDocuments } from 'yaml';
import { MAX_FILES_PER_UPLOAD, MAX_UPLOAD_BYTES } from '@shared/constants/uploads';

/**
 * The deployment files that cannot run on a test machine (no container runtime, no cluster):
 * each is read by a parser and checked for what the product needs of it. nginx.conf is also
 * checked by nginx itself when nginx is installed.
 */
const here = (name: string) => fileURLToPath(new URL(name, import.meta.url));
const read = (name: string) => readFileSync(here(name), 'utf8');

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- manifests are untyped YAML
type Manifest = any;

const UPLOAD_REQUEST_BYTES = MAX_UPLOAD_BYTES * MAX_FILES_PER_UPLOAD;
const megabytes = (size: string) => {
  const match = /^(\d+)m$/i.exec(size.trim());
  if (!match) throw new Error(`not a size in megabytes: ${size}`);
  return Number(match[1]) * 1024 * 1024;
};

describe('deploy/nginx.conf', () => {
  const conf = read('nginx.conf');

  it('accepts a whole upload request and keeps metrics off the public address', () => {
    const size = /client_max_body_size\s+(\S+);/.exec(conf)?.[1];
    expect(megabytes(size!)).toBeGreaterThanOrEqual(UPLOAD_REQUEST_BYTES);
    expect(conf).toMatch(/proxy_request_buffering off;/);
    expect(conf).toMatch(/location = \/metrics \{\s*return 404;/);
    for (const header of ['X-Forwarded-For', 'X-Forwarded-Proto', 'X-Request-Id']) {
      expect(conf).toContain(`proxy_set_header ${header}`);
    }
    expect(conf).toMatch(/include centerline\.upstream\.conf;/);
  });

  it.runIf(existsSync(process.env.NGINX_PATH ?? '/usr/sbin/nginx'))(
    'is valid for nginx, with the example upstream and site files',
    () => {
      const dir = mkdtempSync(join(tmpdir(), 'centerline-nginx-'));
      for (const sub of ['logs', 'temp']) mkdirSync(join(dir, sub));
      for (const name of ['nginx.conf', 'centerline.upstream.conf', 'centerline.site.conf']) {
        copyFileSync(here(name), join(dir, name));
      }
      // Port 80 needs privileges a test may lack: -t checks syntax and names, not binding.
      const result = spawnSync(
        process.env.NGINX_PATH ?? '/usr/sbin/nginx',
        ['-t', '-p', dir, '-c', join(dir, 'nginx.conf')],
        { encoding: 'utf8' },
      );
      expect(result.stderr).toMatch(/syntax is ok/);
    },
  );
});

describe('deploy/compose.yaml', () => {
  const compose: Manifest = parse(read('compose.yaml'), { merge: true });

  it('runs PostgreSQL, two web nodes, a worker and nginx with the repository config', () => {
    expect(Object.keys(compose.services).sort()).toEqual(['nginx', 'postgres', 'web', 'worker']);
    const { web, worker, nginx } = compose.services;
    expect(web.environment.ROLE).toBe('web');
    expect(web.deploy.replicas).toBe(2);
    expect(worker.environment.ROLE).toBe('worker');
    for (const node of [web, worker]) {
      expect(node.environment.DATABASE_URL).toMatch(/^postgres:\/\/.+@postgres:5432\//);
      expect(node.depends_on.postgres.condition).toBe('service_healthy');
      expect(node.healthcheck.test.join(' ')).toContain('/api/health/ready');
      // Secrets every node must share are asked for, never defaulted.
      expect(node.environment.LEDGER_KEY_SECRET).toMatch(/^\$\{LEDGER_KEY_SECRET:\?/);
    }
    expect(nginx.volumes).toContain('./nginx.conf:/etc/centerline/nginx.conf:ro');
    expect(read('compose/centerline.upstream.conf')).toMatch(/server web:3000/);
  });
});

describe('deploy/kubernetes', () => {
  const objects: Manifest[] = parseAllDocuments(read('kubernetes/centerline.yaml')).map((d) =>
    d.toJS(),
  );
  const find = (kind: string, name: string) =>
    objects.find((o) => o.kind === kind && o.metadata.name === name);

  it('has a Deployment per role with probes, a non-root user and the role set', () => {
    for (const [name, role] of [
      ['centerline-web', 'web'],
      ['centerline-worker', 'worker'],
    ] as const) {
      const deployment = find('Deployment', name);
      expect(deployment, name).toBeDefined();
      const pod = deployment.spec.template.spec;
      const [container] = pod.containers;
      expect(container.env).toContainEqual({ name: 'ROLE', value: role });
      expect(container.readinessProbe.httpGet.path).toBe('/api/health/ready');
      expect(container.livenessProbe.httpGet.path).toBe('/api/health/live');
      expect(pod.securityContext.runAsNonRoot).toBe(true);
      expect(container.envFrom).toContainEqual({ secretRef: { name: 'centerline' } });
      // The selector picks the pods the template makes.
      expect(deployment.spec.template.metadata.labels).toMatchObject(
        deployment.spec.selector.matchLabels,
      );
      const budget = objects.find(
        (o) =>
          o.kind === 'PodDisruptionBudget' &&
          o.spec.selector.matchLabels['app.kubernetes.io/component'] === role,
      );
      expect(budget, `${role} disruption budget`).toBeDefined();
    }
  });

  it('sends the Ingress to a Service of the web pods, with the upload size', () => {
    const service = find('Service', 'centerline-web');
    const web = find('Deployment', 'centerline-web');
    expect(web.spec.template.metadata.labels).toMatchObject(service.spec.selector);
    const ingress = find('Ingress', 'centerline');
    const backend = ingress.spec.rules[0].http.paths[0].backend.service;
    expect(backend.name).toBe('centerline-web');
    expect(
      megabytes(ingress.metadata.annotations['nginx.ingress.kubernetes.io/proxy-body-size']),
    ).toBeGreaterThanOrEqual(UPLOAD_REQUEST_BYTES);
    const secret = parse(read('kubernetes/secret.example.yaml')) as Manifest;
    expect(Object.keys(secret.stringData)).toEqual(
      expect.arrayContaining(['DATABASE_URL', 'LEDGER_KEY_SECRET', 'AUTH_SECRET']),
    );
  });
});

describe('Dockerfile', () => {
  const dockerfile = readFileSync(here('../Dockerfile'), 'utf8');

  it('builds in stages and runs as a user of its own with the migrations and the build', () => {
    expect(dockerfile.match(/^FROM /gm)?.length).toBeGreaterThanOrEqual(2);
    const users = [...dockerfile.matchAll(/^USER (\S+)/gm)].map((m) => m[1]);
    expect(users.at(-1)).not.toMatch(/^(root|0)$/);
    expect(dockerfile).toMatch(/--omit=dev/);
    expect(dockerfile).toMatch(/COPY .*\/app\/migrations/);
    expect(dockerfile).toMatch(/\/api\/health\/ready/);
  });
});
