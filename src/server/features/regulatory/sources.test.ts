import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ComplianceReport, RegulationEntry } from '@shared/api/regulatory';
import { createMember, createOrganization, signedIn } from '../../test/factories';
import { DRIVERS, startJobServer, type JobTestServer, type TestClient } from '../../test/harness';

/** A regulator's page: what it says is changed by the test. */
function regulatorPage() {
  let text = 'Standard 421.01: flight training devices are evaluated every 12 months.';
  const server: Server = createServer((_req, res) => {
    res
      .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
      .end(`<html><body><main><p>${text}</p></main></body></html>`);
  });
  return {
    say: (next: string) => void (text = next),
    async start() {
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      return `http://127.0.0.1:${(server.address() as AddressInfo).port}/cars/421`;
    },
    close() {
      server.closeAllConnections();
      server.close();
    },
  };
}

async function checkAll(client: TestClient) {
  const started = await client.post('/api/links/check', {});
  expect(started.status).toBe(202);
  const deadline = Date.now() + 20_000;
  for (;;) {
    const run = await client.get(`/api/links/check/${started.body.id}`);
    if (run.body.status === 'succeeded' || run.body.status === 'failed') return run.body;
    if (Date.now() > deadline) throw new Error(`run still ${run.body.status}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe.each(DRIVERS)('watched regulations beyond Part 142 (%s)', (driver) => {
  let server: JobTestServer;
  const page = regulatorPage();
  let url: string;
  beforeAll(async () => {
    url = await page.start();
    server = await startJobServer(driver, {
      namespace: `regulatory-sources-${driver}`,
      env: { FETCH_ALLOW_PRIVATE: 'true' },
    });
  });
  afterAll(async () => {
    await server?.close();
    page.close();
  });

  const canada = (report: ComplianceReport) =>
    report.regulations.find((r) => r.country === 'Canada') as RegulationEntry;

  it('a watched page joins the Link Monitor; its level is never compliant, and a change is a pending review', async () => {
    const org = await createOrganization(server.db);
    const admin = await signedIn(server, org.email);
    const added = await admin.post('/api/regulatory/sources', {
      country: 'Canada',
      title: 'CARs Standard 421',
      url,
    });
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({ country: 'Canada', title: 'CARs Standard 421', url });
    const links = (await admin.get('/api/links')).body.links as { url: string; name: string }[];
    expect(links.filter((l) => l.url === url)).toEqual([
      expect.objectContaining({ name: 'CARs Standard 421 (Canada)' }),
    ]);

    let report = (await admin.get<ComplianceReport>('/api/regulatory/compliance-report')).body;
    expect(report.countries).toEqual(['Canada', 'United States']);
    expect(canada(report)).toMatchObject({
      complianceLevel: 'unknown',
      levelReason: expect.stringMatching(/has not been checked yet/),
    });
    const onlyCanada = (
      await admin.get<ComplianceReport>('/api/regulatory/compliance-report?country=Canada')
    ).body;
    expect(onlyCanada.regulations.map((r) => r.regulation)).toEqual(['CARs Standard 421']);

    await checkAll(admin);
    report = (await admin.get<ComplianceReport>('/api/regulatory/compliance-report')).body;
    expect(canada(report)).toMatchObject({
      complianceLevel: 'unknown',
      levelReason: expect.stringMatching(/has not changed since it was first read/),
    });

    page.say('Standard 421.01: flight training devices are evaluated every 6 months.');
    await checkAll(admin);
    report = (await admin.get<ComplianceReport>('/api/regulatory/compliance-report')).body;
    const changed = canada(report);
    expect(changed.complianceLevel).toBe('warning');
    expect(changed.pendingChanges).toHaveLength(1);
    expect(changed.pendingChanges[0]!.description).toContain(`The page ${url} changed on`);
    expect(changed.requiredActions).toEqual([
      expect.objectContaining({ href: '/link-monitor', checklistItem: null }),
    ]);

    // Resolved in the Link Monitor: no longer pending.
    const alerts = (await admin.get('/api/links/alerts')).body.alerts as { id: string }[];
    for (const alert of alerts) {
      expect((await admin.post(`/api/links/alerts/${alert.id}/resolve`)).status).toBe(200);
    }
    report = (await admin.get<ComplianceReport>('/api/regulatory/compliance-report')).body;
    expect(canada(report).complianceLevel).toBe('unknown');

    expect((await admin.request('DELETE', `/api/regulatory/sources/${added.body.id}`)).status).toBe(
      204,
    );
    report = (await admin.get<ComplianceReport>('/api/regulatory/compliance-report')).body;
    expect(report.countries).toEqual(['United States']);
    expect((await admin.request('DELETE', `/api/regulatory/sources/${added.body.id}`)).status).toBe(
      404,
    );
  });

  it('only an admin adds a regulation to watch, with a real address', async () => {
    const org = await createOrganization(server.db);
    const admin = await signedIn(server, org.email);
    const bad = await admin.post('/api/regulatory/sources', {
      country: 'Canada',
      title: 'CARs',
      url: 'not an address',
    });
    expect(bad.status).toBe(422);
    const { email } = await createMember(server.db, org.organization.id, 'instructor');
    const instructor = await signedIn(server, email);
    expect(
      (await instructor.post('/api/regulatory/sources', { country: 'Canada', title: 'CARs', url }))
        .status,
    ).toBe(403);
    expect((await instructor.get('/api/regulatory/sources')).body).toEqual({ sources: [] });
  });
});
