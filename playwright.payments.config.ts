import { defineConfig } from '@playwright/test';
import base from './playwright.config';

// Paying online: the app runs with PAYMENT_DRIVER=yookassa against the YooKassa emulator (a real HTTP server of the
// gateway's documented API, tests/support/gateways), each started here. Run by scripts/e2e.mjs after the other
// journeys, on their database, since the pages it renders (which say what is paid online) are cached under .next.
const PORT = Number(process.env.E2E_PORT ?? 3100) + 70;
const EMULATOR_PORT = PORT + 1;
const baseURL = `http://localhost:${PORT}`;
const shop = { YOOKASSA_SHOP_ID: '100500', YOOKASSA_SECRET_KEY: 'test_emulator_secret' };
const appServer = Array.isArray(base.webServer) ? base.webServer[0] : base.webServer!;

export default defineConfig({
  ...base,
  testDir: './e2e/payments',
  testIgnore: [],
  // Beside the other journeys' results, which this run must not wipe.
  outputDir: 'test-results/payments',
  reporter: [[process.env.CI ? 'line' : 'list']],
  use: { ...base.use, baseURL },
  projects: base.projects!.map((project) => ({ ...project, use: { ...project.use, baseURL } })),
  webServer: [
    {
      command: 'node --import tsx tests/support/gateways/serve-yookassa.ts',
      port: EMULATOR_PORT,
      reuseExistingServer: false,
      env: { EMULATOR_PORT: String(EMULATOR_PORT), WEBHOOK_URL: `${baseURL}/api/v1/payments/webhooks/yookassa` },
    },
    {
      ...appServer,
      command: `npx next start -H localhost -p ${PORT} --keepAliveTimeout 75000`,
      url: `${baseURL}/robots.txt`,
      env: {
        ...appServer.env,
        SITE_URL: baseURL,
        PAYMENT_DRIVER: 'yookassa',
        PAYMENT_MODE: 'prepay',
        PREPAY_PERCENT: '20',
        YOOKASSA_API_URL: `http://127.0.0.1:${EMULATOR_PORT}/v3`,
        ...shop,
      },
    },
  ],
});
