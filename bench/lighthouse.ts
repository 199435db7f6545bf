/**
 * Lighthouse on the field screen, signed in, under its default mobile emulation (Moto G power
 * sized screen, simulated slow 4G and 4× CPU slowdown): the performance score and its metrics,
 * and the installability audits of the PWA category (manifest, icons, theme colour, viewport).
 * Runs against the built client served by the real server on an empty embedded database, in
 * Debian's Chromium.
 *
 *   npm run build && npm run bench:lighthouse            (3 runs; LIGHTHOUSE_RUNS to change)
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

const PORT = Number(process.env.LIGHTHOUSE_PORT ?? 5398);
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const BASE = `http://localhost:${PORT}`;
const ADMIN = { email: 'admin@lighthouse.test', password: 'lighthouse admin passphrase' };

if (!existsSync('dist/server/main.js')) {
  console.error('Build first: npm run build');
  process.exit(1);
}

const server = spawn(process.execPath, ['dist/server/main.js'], {
  env: {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(PORT),
    DATA_DIR: mkdtempSync(join(tmpdir(), 'centerline-lighthouse-')),
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    LOG_LEVEL: 'warn',
  },
  stdio: ['ignore', 'inherit', 'inherit'],
});
const stopServer = () => server.kill('SIGTERM');
process.on('exit', stopServer);

async function waitForServer() {
  for (let i = 0; i < 240; i++) {
    try {
      if ((await fetch(`${BASE}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('The server did not start');
}

async function sessionCookie() {
  const res = await fetch(`${BASE}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: BASE },
    body: JSON.stringify(ADMIN),
  });
  if (!res.ok) throw new Error(`Sign-in failed: ${res.status} ${await res.text()}`);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

const PWA_AUDITS = [
  'installable-manifest',
  'maskable-icon',
  'splash-screen',
  'themed-omnibox',
  'viewport',
  'content-width',
];
const METRICS = [
  'first-contentful-paint',
  'largest-contentful-paint',
  'total-blocking-time',
  'cumulative-layout-shift',
  'speed-index',
];

mkdirSync('.tmp', { recursive: true });
await waitForServer();
const cookie = await sessionCookie();
const runs: Record<string, string | number>[] = [];
let pwa: Record<string, string> = {};
for (let run = 1; run <= RUNS; run++) {
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'],
  });
  try {
    const result = await lighthouse(`${BASE}/mobile-field`, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'pwa'],
      extraHeaders: { Cookie: cookie },
    });
    if (!result) throw new Error('Lighthouse returned nothing');
    const { lhr } = result;
    if (lhr.runtimeError) throw new Error(lhr.runtimeError.message);
    if (!lhr.finalDisplayedUrl.endsWith('/mobile-field')) {
      throw new Error(`Landed on ${lhr.finalDisplayedUrl}, not the field screen`);
    }
    const row: Record<string, string | number> = {
      run,
      performance: lhr.categories.performance!.score ?? 'n/a',
    };
    for (const id of METRICS) row[id] = lhr.audits[id]!.displayValue ?? '';
    runs.push(row);
    // LIGHTHOUSE_REPORTS=1 keeps each run's whole report for a closer look.
    if (process.env.LIGHTHOUSE_REPORTS) {
      writeFileSync(`.tmp/lighthouse-mobile-field-${run}.json`, JSON.stringify(lhr));
    }
    pwa = Object.fromEntries(
      PWA_AUDITS.map((id) => {
        const audit = lhr.audits[id];
        if (!audit) return [id, 'not run'];
        const verdict = audit.score === 1 ? 'pass' : audit.score === null ? 'n/a' : 'FAIL';
        return [id, verdict];
      }),
    );
  } finally {
    await chrome.kill();
  }
}

console.log(
  `Lighthouse ${(await import('lighthouse/package.json', { with: { type: 'json' } })).default.version}, /mobile-field signed in, mobile emulation`,
);
console.table(runs);
const scores = runs.map((r) => Number(r.performance)).sort((a, b) => a - b);
console.log(
  `performance: median ${scores[Math.floor(scores.length / 2)]}, ${scores[0]}–${scores.at(-1)}`,
);
console.table(pwa);
stopServer();
process.exit(Object.values(pwa).includes('FAIL') ? 1 : 0);
