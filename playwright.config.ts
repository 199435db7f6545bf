import { defineConfig } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 5099);
/**
 * E2E_CLUSTER=1: the same suite against nginx in front of two web nodes and a worker on
 * PostgreSQL (scripts/cluster.ts, a fresh database per run) instead of one embedded process.
 */
const CLUSTER = process.env.E2E_CLUSTER === '1';
const CLUSTER_DATABASE = `${(process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test').replace(/\/[^/]*$/, '')}/centerline_e2e_${PORT}`;
// Per port, so that runs on different ports never share a database or artefacts.
const DATA_DIR = `.tmp/e2e-data-${PORT}`;
export const E2E_ADMIN = { email: 'admin@centerline.test', password: 'e2e admin passphrase' };

/**
 * End-to-end tests drive Debian's Chromium (never a downloaded browser) against the built
 * client served by the real server on a fresh embedded database.
 */
export default defineConfig({
  testDir: './e2e',
  outputDir: `test-results/e2e-${CLUSTER ? 'cluster-' : ''}${PORT}`,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [
    ['list'],
    ['json', { outputFile: `.tmp/results/${CLUSTER ? 'e2e-cluster' : 'e2e'}.json` }],
  ],
  projects: [
    { name: 'flows', testIgnore: /(accessibility|i18n-pseudo)\.spec\.ts/ },
    // Last: it fills the shared organization with data of every kind (audit and generation runs
    // among them), which the flows' empty states must not see first.
    {
      name: 'accessibility',
      testMatch: /(accessibility|i18n-pseudo)\.spec\.ts/,
      dependencies: ['flows'],
    },
  ],
  use: {
    baseURL: `http://localhost:${PORT}`,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
        // The field screen's camera: Chromium's test pattern, allowed without a prompt.
        '--use-fake-device-for-media-stream',
        '--use-fake-ui-for-media-stream',
      ],
    },
  },
  webServer: {
    command: CLUSTER
      ? `npx tsx scripts/cluster.ts --port ${PORT} --web 2 --workers 1 --fresh`
      : `rm -rf ${DATA_DIR} && node --enable-source-maps dist/server/main.js`,
    url: `http://localhost:${PORT}/api/health${CLUSTER ? '/ready' : ''}`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: {
      ...(CLUSTER ? { DATABASE_URL: CLUSTER_DATABASE, LOG_LEVEL: 'warn' } : {}),
      PORT: String(PORT),
      DATA_DIR: DATA_DIR,
      ADMIN_EMAIL: E2E_ADMIN.email,
      ADMIN_PASSWORD: E2E_ADMIN.password,
      ADMIN_ORGANIZATION: 'Centerline E2E Training Center',
      LOG_LEVEL: 'warn',
      // The suite signs in many times from one address.
      LOGIN_RATE_LIMIT: '200',
      // The suite's admin is also the platform operator; trials may sign up (no e-mail is sent).
      OPERATOR_EMAILS: E2E_ADMIN.email,
      SIGNUP: 'open',
    },
  },
});
