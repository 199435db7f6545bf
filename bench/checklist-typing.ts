/**
 * Input-to-paint while typing in a checklist comment box, with all 200 items loaded.
 *
 *   npm run build && npm start            # or any running Centerline server
 *   BENCH_URL=http://localhost:5000 BENCH_EMAIL=… BENCH_PASSWORD=… npm run bench:checklist-typing
 *
 * Each keydown marks its event time; a requestAnimationFrame followed by a task marks the first
 * moment after the next frame was produced, and the difference is measured with performance
 * marks. Chromium's Event Timing entries (keydown → next paint) are reported beside it.
 * BENCH_FILL=1 first fills all 200 items with comments through the import API, so the screen
 * carries real text. BENCH_CPU_SLOWDOWN=4 repeats the run with the CPU throttled fourfold.
 */
import { chromium, type Page } from 'playwright-core';

const BASE = process.env.BENCH_URL ?? 'http://localhost:5000';
const EMAIL = process.env.BENCH_EMAIL ?? 'admin@example.test';
const PASSWORD = process.env.BENCH_PASSWORD ?? 'a long admin passphrase';
const TEXT =
  'Discrepancy log reviewed for March; two open items deferred under the MEL, both closed within 48 hours. ';

function stats(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number) =>
    sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
  return {
    n: sorted.length,
    median: +at(0.5).toFixed(1),
    p95: +at(0.95).toFixed(1),
    max: +(sorted.at(-1) ?? NaN).toFixed(1),
  };
}

async function fill(page: Page) {
  const rows = ['Item Number,Status,Comments,Findings'];
  const list = await page.request.get(`${BASE}/api/checklist`);
  const { items } = (await list.json()) as { items: { number: string }[] };
  items.forEach((item, i) => {
    const status = ['Compliant', 'Partial', 'Non-compliant', 'Not applicable', 'Pending'][i % 5];
    rows.push(`${item.number},${status},"${TEXT.repeat(3)}","Finding ${i}: ${TEXT}"`);
  });
  const res = await page.request.post(`${BASE}/api/checklist/import`, {
    headers: { 'content-type': 'text/csv' },
    data: rows.join('\n'),
  });
  console.log(`filled: ${res.status()}`);
}

/** Marks each keydown and the first task after the next frame; returns the differences. */
async function typeAndMeasure(page: Page, box: ReturnType<Page['getByLabel']>) {
  await page.evaluate(() => {
    const w = window as unknown as { __lat: number[]; __events: number[] };
    w.__lat = [];
    w.__events = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) if (e.name === 'keydown') w.__events.push(e.duration);
    }).observe({
      type: 'event',
      durationThreshold: 16,
      buffered: false,
    } as PerformanceObserverInit);
    document.addEventListener(
      'keydown',
      (event) => {
        const start = event.timeStamp;
        requestAnimationFrame(() =>
          setTimeout(() => {
            const m = performance.measure('input-to-paint', { start, end: performance.now() });
            w.__lat.push(m.duration);
          }, 0),
        );
      },
      { capture: true },
    );
  });
  await box.click();
  // Bursts with pauses, so debounced saves land (and re-render the area) between keystrokes.
  for (let burst = 0; burst < 5; burst++) {
    await box.pressSequentially(TEXT.slice(0, 40), { delay: 40 });
    await page.waitForTimeout(1_200);
  }
  const result = await page.evaluate(() => {
    const w = window as unknown as { __lat: number[]; __events: number[] };
    return { lat: w.__lat, events: w.__events };
  });
  return {
    inputToNextFrameMs: stats(result.lat),
    // Only keystrokes slower than 16 ms produce an Event Timing entry.
    eventTimingOver16ms: result.events.length,
    eventTimingMaxMs: result.events.length ? Math.max(...result.events) : 0,
  };
}

/** The same typing in a bare textarea: what this machine gives at best, under its current load. */
async function baseline(page: Page, slowdown: number) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: slowdown });
  await page.goto(`${BASE}/api/health`);
  await page.setContent(
    '<textarea aria-label="Comments" style="width:40rem;height:6rem"></textarea>',
  );
  const result = await typeAndMeasure(page, page.getByLabel('Comments'));
  console.log(JSON.stringify({ page: 'bare textarea', cpuSlowdown: slowdown, ...result }));
}

async function run(page: Page, slowdown: number) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: slowdown });
  await page.goto(`${BASE}/compliance-checklist?area=area1`);
  await page.getByRole('heading', { name: 'Area 1: Management and Administration' }).waitFor();
  const loaded = await page.evaluate(async () => {
    const res = await fetch('/api/checklist');
    return ((await res.json()) as { items: unknown[] }).items.length;
  });
  // Open a few items so their editors are in the page too.
  for (const number of ['1-01', '1-02', '1-03', '1-04']) {
    await page.getByRole('button', { name: new RegExp(`^${number}`) }).click();
  }
  const box = page.getByRole('region', { name: /^1-01/ }).getByLabel('Comments');
  const result = await typeAndMeasure(page, box);
  console.log(
    JSON.stringify({
      page: 'compliance-checklist',
      cpuSlowdown: slowdown,
      itemsLoaded: loaded,
      ...result,
    }),
  );
}

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
});
try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await page.goto(`${BASE}/api/login`);
  await page.getByLabel('E-mail').fill(EMAIL);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/api/login'));
  if (process.env.BENCH_FILL === '1') await fill(page);
  await run(page, 1);
  await baseline(page, 1);
  const slowdown = Number(process.env.BENCH_CPU_SLOWDOWN ?? 0);
  if (slowdown > 1) {
    await run(page, slowdown);
    await baseline(page, slowdown);
  }
} finally {
  await browser.close();
}
