import { defineConfig, devices } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 3100);
// Served on `localhost`, not 127.0.0.1: next-intl rewrites have been seen to loop behind the latter.
const baseURL = `http://localhost:${PORT}`;

const launchOptions = {
  executablePath: process.env.CHROMIUM_PATH || undefined,
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
    '--disable-quic',
  ],
};

export default defineConfig({
  testDir: './e2e',
  // Paying online runs against a server of its own (playwright.payments.config.ts).
  testIgnore: ['payments/**'],
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  // The json report feeds scripts/e2e.mjs's seconds per spec file (scripts/lib/e2e-timings.mjs).
  reporter: [[process.env.CI ? 'line' : 'list'], ['json', { outputFile: 'test-results/e2e-report.json' }]],
  // Journeys sign up (hashing passwords) and render pages and covers on a 2-core machine shared with other runs.
  timeout: 120_000,
  expect: { timeout: 20_000 },
  // A Russian browser by default: a visit to / from an English one would (rightly) land on /en.
  use: { baseURL, locale: 'ru-RU', trace: 'retain-on-failure', launchOptions },
  projects: [
    { name: 'desktop', use: { ...devices['Desktop Chrome'], locale: 'ru-RU', launchOptions } },
    {
      name: 'mobile',
      use: { ...devices['Pixel 7'], locale: 'ru-RU', viewport: { width: 390, height: 844 }, launchOptions },
    },
  ],
  webServer: {
    // Idle sockets outlive the test client's reuse of them (Node's 5 s default raced it: ECONNRESET), as in npm start.
    command: `npx next start -H localhost -p ${PORT} --keepAliveTimeout 75000`,
    url: `${baseURL}/robots.txt`,
    reuseExistingServer: false,
    timeout: 120_000,
    // Phone codes and emails land in the test outboxes (GET /api/v1/test/sms-outbox, /api/v1/test/email-outbox).
    // The tests play the part of one reverse proxy: each sends its own X-Forwarded-For (randomIp), so
    // per-client rate limits never cross tests.
    // One log line per request would flood the run's output: warnings and errors only. The server drains on
    // SIGTERM as `npm start` does (NEXT_MANUAL_SIG_HANDLE). Map tiles come from a test route, so the journeys
    // run offline (and the policy's 'self' allows them).
    env: {
      MAP_TILE_URL: '/api/v1/test/tile?z={z}&x={x}&y={y}',
      SITE_URL: baseURL,
      SMS_DRIVER: 'outbox',
      EMAIL_DRIVER: 'outbox',
      TRUST_PROXY_HOPS: '1',
      LOG_LEVEL: 'warn',
      NEXT_MANUAL_SIG_HANDLE: 'true',
    },
  },
});
