import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLogs, monitoredLinks } from '../../db/schema';
import { dueLinks, linksOf } from './repository';
import { createMember, createOrganization, signedIn } from '../../test/factories';
import { DRIVERS, startJobServer, type JobTestServer, type TestClient } from '../../test/harness';

/** Local pages standing in for the regulatory sites; a test changes what they answer. */
function pageServer() {
  const pages = new Map<
    string,
    { status: number; body: string; headers?: Record<string, string> }
  >();
  const server: Server = createServer((req, res) => {
    const page = pages.get(req.url ?? '');
    if (!page) return res.writeHead(404, { 'content-type': 'text/html' }).end('<h1>Not found</h1>');
    res.writeHead(page.status, { 'content-type': 'text/html; charset=utf-8', ...page.headers });
    res.end(page.body);
  });
  return {
    pages,
    async start() {
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    },
    close() {
      server.closeAllConnections();
      server.close();
    },
  };
}

const html = (text: string) =>
  `<html><head><title>Part 142</title><script>window.x = ${Math.random()}</script></head><body><main><p>${text}</p></main></body></html>`;

async function runChecks(client: TestClient, ids: string[]) {
  const started = await client.post('/api/links/check', { ids });
  expect(started.status).toBe(202);
  expect(started.body.total).toBe(ids.length);
  const deadline = Date.now() + 20_000;
  for (;;) {
    const run = await client.get(`/api/links/check/${started.body.id}`);
    expect(run.status).toBe(200);
    if (run.body.status === 'succeeded' || run.body.status === 'failed') return run.body;
    if (Date.now() > deadline) throw new Error(`run still ${run.body.status}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe.each(DRIVERS)('link monitor (%s)', (driver) => {
  let server: JobTestServer;
  let strict: JobTestServer;
  const fixture = pageServer();
  let site: string;

  beforeAll(async () => {
    site = await fixture.start();
    server = await startJobServer(driver, {
      namespace: `links-${driver}`,
      env: { FETCH_ALLOW_PRIVATE: 'true' },
    });
    strict = await startJobServer(driver, { namespace: `links-strict-${driver}` });
  });

  afterAll(async () => {
    await server?.close();
    await strict?.close();
    fixture.close();
  });

  async function adminOf(target: JobTestServer = server) {
    const org = await createOrganization(target.db);
    return { org, client: await signedIn(target, org.email) };
  }

  async function addLink(client: TestClient, body: Record<string, unknown>) {
    const res = await client.post('/api/links', { name: 'Page', intervalMinutes: 1440, ...body });
    expect(res.status).toBe(201);
    return res.body as { id: string; url: string };
  }

  it('starts an organization with the starter set of official pages, unchecked', async () => {
    const { client } = await adminOf();
    const res = await client.get('/api/links');
    expect(res.status).toBe(200);
    expect(res.body.links.map((l: { url: string }) => l.url)).toContain(
      'https://www.ecfr.gov/current/title-14/chapter-I/subchapter-H/part-142',
    );
    expect(res.body.links.every((l: { status: string }) => l.status === 'pending')).toBe(true);
    expect(res.body.totals).toEqual({
      total: res.body.links.length,
      active: 0,
      issues: 0,
      redirects: 0,
    });
    // Asking again does not add them twice, and once deleted they stay deleted.
    expect((await client.get('/api/links')).body.links).toHaveLength(res.body.links.length);
    for (const link of res.body.links) {
      expect((await client.request('DELETE', `/api/links/${link.id}`)).status).toBe(204);
    }
    const after = await client.get('/api/links');
    expect(after.body.links).toEqual([]);
    expect(after.body.totals).toEqual({ total: 0, active: 0, issues: 0, redirects: 0 });
  });

  it('raises content_changed with a word diff of the readable text when the page changes', async () => {
    const { client } = await adminOf();
    fixture.pages.set(`/rule-${driver}`, {
      status: 200,
      body: html(
        'Each instructor must complete recurrent training every 12 months in the simulator.',
      ),
    });
    const link = await addLink(client, { name: 'Rule page', url: `${site}/rule-${driver}` });

    const first = await runChecks(client, [link.id]);
    expect(first).toMatchObject({ status: 'succeeded', done: 1, total: 1 });
    let list = await client.get('/api/links');
    let row = list.body.links.find((l: { id: string }) => l.id === link.id);
    expect(row).toMatchObject({ status: 'active', responseCode: 200, errorMessage: null });
    expect(row.responseMs).toBeGreaterThanOrEqual(0);
    expect((await client.get('/api/links/alerts')).body.alerts).toEqual([]);

    // Only the script changes: markup is not content.
    await runChecks(client, [link.id]);
    expect((await client.get('/api/links/alerts')).body.alerts).toEqual([]);

    fixture.pages.set(`/rule-${driver}`, {
      status: 200,
      body: html(
        'Each instructor must complete recurrent training every 24 months in the simulator.',
      ),
    });
    await runChecks(client, [link.id]);
    list = await client.get('/api/links');
    row = list.body.links.find((l: { id: string }) => l.id === link.id);
    expect(row.status).toBe('changed');
    const alerts = (await client.get('/api/links/alerts')).body.alerts;
    expect(alerts).toHaveLength(1);
    expect(alerts[0]).toMatchObject({
      alertType: 'content_changed',
      severity: 'medium',
      linkId: link.id,
      url: link.url,
      resolved: false,
    });
    const diffLines = (alerts[0].diff as string).split('\n');
    expect(diffLines).toContain('- 12');
    expect(diffLines).toContain('+ 24');
    expect(diffLines.join(' ')).toContain('recurrent training every');

    const history = await client.get(`/api/links/${link.id}/history`);
    expect(history.body.checks.map((c: { status: string }) => c.status)).toEqual([
      'changed',
      'active',
      'active',
    ]);
  });

  it('leaves out text the ignore pattern matches', async () => {
    const { client } = await adminOf();
    const path = `/stamped-${driver}`;
    fixture.pages.set(path, { status: 200, body: html('Rule text. Updated 10:04:11') });
    const link = await addLink(client, { url: `${site}${path}`, ignorePattern: 'Updated [0-9:]+' });
    await runChecks(client, [link.id]);
    fixture.pages.set(path, { status: 200, body: html('Rule text. Updated 11:15:42') });
    await runChecks(client, [link.id]);
    expect((await client.get('/api/links/alerts')).body.alerts).toEqual([]);
  });

  it('raises broken_link for a 404, redirect_detected with the new URL, and keyword_missing', async () => {
    const { client } = await adminOf();
    fixture.pages.set(`/old-${driver}`, {
      status: 301,
      body: '',
      headers: { location: `/new-${driver}` },
    });
    fixture.pages.set(`/new-${driver}`, { status: 200, body: html('Moved here') });
    fixture.pages.set(`/kw-${driver}`, { status: 200, body: html('Nothing about simulators') });
    const gone = await addLink(client, { name: 'Gone', url: `${site}/gone-${driver}` });
    const moved = await addLink(client, { name: 'Moved', url: `${site}/old-${driver}` });
    const keyword = await addLink(client, {
      name: 'Keyword',
      url: `${site}/kw-${driver}`,
      expectedKeyword: 'Training Centers',
    });
    await runChecks(client, [gone.id, moved.id, keyword.id]);

    const alerts = (await client.get('/api/links/alerts')).body.alerts as {
      linkId: string;
      alertType: string;
      severity: string;
      message: string;
      newUrl: string | null;
    }[];
    const byLink = (id: string) => alerts.filter((a) => a.linkId === id);
    expect(byLink(gone.id)).toEqual([
      expect.objectContaining({
        alertType: 'broken_link',
        severity: 'high',
        message: 'Gone is broken: HTTP 404: the page was not found',
      }),
    ]);
    expect(byLink(moved.id)).toEqual([
      expect.objectContaining({ alertType: 'redirect_detected', newUrl: `${site}/new-${driver}` }),
    ]);
    expect(byLink(keyword.id)).toEqual([
      expect.objectContaining({
        alertType: 'keyword_missing',
        message: 'Keyword no longer contains "Training Centers"',
      }),
    ]);

    const list = (await client.get('/api/links')).body;
    const status = (id: string) => list.links.find((l: { id: string }) => l.id === id);
    expect(status(gone.id)).toMatchObject({ status: 'broken', responseCode: 404 });
    expect(status(moved.id)).toMatchObject({
      status: 'redirected',
      newUrl: `${site}/new-${driver}`,
    });
    const history = await client.get(`/api/links/${moved.id}/history`);
    expect(history.body.checks[0].redirects).toEqual([
      { url: `${site}/old-${driver}`, status: 301 },
      { url: `${site}/new-${driver}`, status: 200 },
    ]);

    // Counted by the database: all 3 have an open alert (issues), 1 redirects, none is clean.
    expect(list.totals).toEqual({ total: list.links.length, active: 0, issues: 3, redirects: 1 });

    // Checking again does not pile up a second open alert of the same kind.
    await runChecks(client, [gone.id]);
    const again = (await client.get('/api/links/alerts')).body.alerts as { linkId: string }[];
    expect(again.filter((a) => a.linkId === gone.id)).toHaveLength(1);
  });

  it('saves Mark Resolved with the user and time, in the audit log, and lists it in history', async () => {
    const { org, client } = await adminOf();
    const link = await addLink(client, { name: 'Gone', url: `${site}/missing-${driver}` });
    await runChecks(client, [link.id]);
    const [alert] = (await client.get('/api/links/alerts')).body.alerts;

    const resolved = await client.post(`/api/links/alerts/${alert.id}/resolve`);
    expect(resolved.status).toBe(200);
    expect(resolved.body).toMatchObject({ id: alert.id, resolved: true, resolvedBy: org.email });
    expect((await client.get('/api/links/alerts')).body.alerts).toEqual([]);
    const history = (await client.get('/api/links/alerts?status=resolved')).body.alerts;
    expect(history).toEqual([expect.objectContaining({ id: alert.id, resolved: true })]);
    expect(Date.parse(history[0].resolvedAt)).toBeGreaterThan(Date.now() - 60_000);
    expect((await client.post(`/api/links/alerts/${alert.id}/resolve`)).status).toBe(409);

    const audit = await server.db
      .select()
      .from(auditLogs)
      .where(
        and(
          eq(auditLogs.organizationId, org.organization.id),
          eq(auditLogs.action, 'link.alert_resolved'),
        ),
      );
    expect(audit).toHaveLength(1);
    expect(audit[0]!.actorId).toBe(org.admin.id);

    // A new failure after resolving opens a new alert.
    await runChecks(client, [link.id]);
    expect((await client.get('/api/links/alerts')).body.alerts).toHaveLength(1);
  });

  it('refuses duplicates, invalid URLs and invalid patterns; edits and deletes', async () => {
    const { client } = await adminOf();
    const link = await addLink(client, { url: `${site}/dup-${driver}` });
    const dup = await client.post('/api/links', { name: 'Again', url: `${site}/dup-${driver}` });
    expect(dup.status).toBe(409);
    expect(dup.body.message).toBe(`${site}/dup-${driver} is already monitored`);

    const badUrl = await client.post('/api/links', { name: 'Bad', url: 'javascript:alert(1)' });
    expect(badUrl.status).toBe(422);
    expect(badUrl.body.message).toMatch(/http:\/\/ or https:\/\//);
    const badPattern = await client.post('/api/links', {
      name: 'Bad',
      url: `${site}/x`,
      ignorePattern: '([a-z',
    });
    expect(badPattern.status).toBe(422);
    expect(badPattern.body.message).toMatch(/regular expression/);

    const edited = await client.patch(`/api/links/${link.id}`, {
      name: 'Renamed',
      intervalMinutes: 60,
    });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ name: 'Renamed', intervalMinutes: 60 });
    const other = await addLink(client, { url: `${site}/other-${driver}` });
    expect((await client.patch(`/api/links/${other.id}`, { url: link.url })).status).toBe(409);

    expect((await client.request('DELETE', `/api/links/${link.id}`)).status).toBe(204);
    expect((await client.request('DELETE', `/api/links/${link.id}`)).status).toBe(404);
  });

  it('keeps organizations apart and viewers out', async () => {
    const { client } = await adminOf();
    const link = await addLink(client, { url: `${site}/private-${driver}` });
    const { client: stranger } = await adminOf();
    expect((await stranger.get(`/api/links/${link.id}/history`)).status).toBe(404);
    expect((await stranger.patch(`/api/links/${link.id}`, { name: 'x' })).status).toBe(404);
    expect((await stranger.post('/api/links/check', { ids: [link.id] })).status).toBe(404);

    const { org } = await adminOf();
    const viewer = await createMember(server.db, org.organization.id, 'viewer');
    const viewerClient = await signedIn(server, viewer.email);
    expect((await viewerClient.get('/api/links')).status).toBe(403);
  });

  it('schedules a link when its interval has passed, not while a run holds it', async () => {
    const { org, client } = await adminOf();
    fixture.pages.set(`/due-${driver}`, { status: 200, body: html('Due') });
    const link = await addLink(client, { url: `${site}/due-${driver}`, intervalMinutes: 60 });
    const mine = async () =>
      (await dueLinks(server.db, 100_000)).filter((d) => d.organizationId === org.organization.id);

    expect(await mine()).toEqual([{ id: link.id, organizationId: org.organization.id }]);
    const run = await linksOf(server.db, org.organization.id).createRun([link.id], null);
    expect(await mine()).toEqual([]);
    await linksOf(server.db, org.organization.id).updateRun(run.id, { status: 'succeeded' });

    await runChecks(client, [link.id]);
    expect(await mine()).toEqual([]);
    await server.db
      .update(monitoredLinks)
      .set({ lastCheckedAt: new Date(Date.now() - 61 * 60_000) })
      .where(eq(monitoredLinks.id, link.id));
    expect(await mine()).toEqual([{ id: link.id, organizationId: org.organization.id }]);
  });

  it('refuses loopback and metadata addresses without FETCH_ALLOW_PRIVATE', async () => {
    const { client } = await adminOf(strict);
    fixture.pages.set(`/ssrf-${driver}`, { status: 200, body: html('internal') });
    const local = await addLink(client, { name: 'Internal', url: `${site}/ssrf-${driver}` });
    const metadata = await addLink(client, {
      name: 'Metadata',
      url: 'http://169.254.169.254/latest/meta-data/',
    });
    await runChecks(client, [local.id, metadata.id]);
    const list = (await client.get('/api/links')).body;
    const status = (id: string) => list.links.find((l: { id: string }) => l.id === id);
    expect(status(local.id)).toMatchObject({ status: 'broken', responseCode: null });
    expect(status(local.id).errorMessage).toMatch(/loopback address \(127\.0\.0\.1\)/);
    expect(status(metadata.id).errorMessage).toMatch(/link-local address \(169\.254\.169\.254\)/);
  });
});
