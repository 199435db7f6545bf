/**
 * `npx tsx bench/links.ts`: the Link Monitor's checks on this machine (figures for
 * docs/PERFORMANCE.md).
 *
 * 200 links spread over 10 local "sites" (one port each, so one host each, 20 links per site);
 * every page is ~60 KB of HTML answered after 50–250 ms, as a slow government site does. One run
 * checks all 200 through the real job handler (safeFetch, readable text, hash, stored checks) on
 * an embedded database, with LINK_CHECKS_PER_HOST 1, 2 and 4. The second run amends one paragraph
 * of every page (the usual amendment: word diff and content_changed alert), the third every
 * paragraph (the worst case: the diff's time budget and its fallback). Reported: wall time,
 * links per second, the highest number of requests one site saw at once (must not pass the
 * limit), heap growth and peak resident memory.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { openDatabase } from '../src/server/db/client';
import { linkCheckJob } from '../src/server/features/links/job';
import { linksOf } from '../src/server/features/links/repository';
import { benchOrganization } from './organization';

const SITES = 10;
const LINKS_PER_SITE = 20;

interface Site {
  server: Server;
  base: string;
  active: number;
  peak: number;
}

type Pass = 'baseline' | 'one paragraph changed' | 'every paragraph changed';
let pass: Pass = 'baseline';

function paragraph(i: number) {
  const amended =
    pass === 'every paragraph changed' || (pass === 'one paragraph changed' && i === 100);
  const years = amended ? 'five' : 'three';
  return `<p>Section 142.${i} requires each training center to keep records of instructor qualification, curriculum approval and checking for ${years} years${pass === 'every paragraph changed' ? ' as amended' : ''}.</p>`;
}

async function startSite(): Promise<Site> {
  const site = { active: 0, peak: 0 } as Site;
  site.server = createServer((_req, res) => {
    site.active += 1;
    site.peak = Math.max(site.peak, site.active);
    const delay = 50 + Math.floor(Math.random() * 200);
    setTimeout(() => {
      const body = `<html><head><title>Rules</title><script>var t=${Date.now()}</script></head><body>${Array.from({ length: 220 }, (_, i) => paragraph(i)).join('')}</body></html>`;
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end(body, () => (site.active -= 1));
    }, delay);
  });
  await new Promise<void>((resolve) => site.server.listen(0, '127.0.0.1', resolve));
  site.base = `http://127.0.0.1:${(site.server.address() as AddressInfo).port}`;
  return site;
}

async function main() {
  const dir = mkdtempSync(join(tmpdir(), 'centerline-bench-links-'));
  const handle = await openDatabase({ kind: 'pglite', dataDir: dir });
  await handle.migrate();
  const sites = await Promise.all(Array.from({ length: SITES }, startSite));
  const rows: string[] = [];
  try {
    for (const perHost of [1, 2, 4]) {
      const actor = await benchOrganization(handle.db, {
        name: `Links bench ${perHost}`,
        email: `links-bench-${perHost}-${Date.now()}@bench.test`,
        password: 'bench passphrase 123',
      });
      const repo = linksOf(handle.db, actor.organizationId);
      const links = await repo.insert(
        sites.flatMap((site, s) =>
          Array.from({ length: LINKS_PER_SITE }, (_, i) => ({
            name: `Site ${s} page ${i}`,
            url: `${site.base}/page-${i}`,
            intervalMinutes: 1440,
            createdBy: null,
          })),
        ),
      );
      const job = linkCheckJob({ db: handle.db, allowPrivate: true, perHost });
      for (const next of [
        'baseline',
        'one paragraph changed',
        'every paragraph changed',
      ] as const) {
        pass = next;
        for (const site of sites) site.peak = 0;
        const run = await repo.createRun(
          links.map((l) => l.id),
          null,
        );
        global.gc?.();
        const heapBefore = process.memoryUsage().heapUsed;
        const t0 = performance.now();
        await job.handler(
          { runId: run.id, organizationId: actor.organizationId },
          { jobId: run.id, attempt: 1, maxAttempts: 1, signal: new AbortController().signal },
        );
        const seconds = (performance.now() - t0) / 1000;
        const heapMb = (process.memoryUsage().heapUsed - heapBefore) / 1024 / 1024;
        const alerts = await repo.alerts('open', 1000);
        rows.push(
          `| ${perHost} | ${pass} | ${links.length} | ${seconds.toFixed(2)} s | ${(links.length / seconds).toFixed(1)} | ${Math.max(...sites.map((s) => s.peak))} | ${alerts.length} | ${heapMb.toFixed(1)} MB |`,
        );
        console.log(rows.at(-1));
      }
    }
  } finally {
    for (const site of sites) site.server.close();
    await handle.close();
    rmSync(dir, { recursive: true, force: true });
  }
  console.log(
    `\n| per host | pass | links | wall | links/s | peak per site | open alerts | heap growth |\n|---|---|---|---|---|---|---|---|\n${rows.join('\n')}`,
  );
  console.log(
    `\nPeak RSS ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MB; node ${process.version}`,
  );
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
