import { defineConfig } from '@playwright/test';
import base from './playwright.config';

// Paying online: the app runs against a gateway's emulator (a real HTTP server of the gateway's documented API,
// tests/support/gateways), each started here. E2E_GATEWAY picks the gateway: `yookassa` (default; prepay mode,
// e2e/payments/prepayment.spec.ts) or `stripe` (full mode: the platform collects everything and owes the guides
// their share, so the payouts journey runs there too). Run by scripts/e2e.mjs once per gateway, one after the
// other (the servers share the journeys' database), after the other journeys, since the pages it renders (which
// say what is paid online) are cached under .next.
const PORT = Number(process.env.E2E_PORT ?? 3100) + 70;
const EMULATOR_PORT = PORT + 1;
const baseURL = `http://localhost:${PORT}`;
const emulatorUrl = `http://127.0.0.1:${EMULATOR_PORT}`;
const appServer = Array.isArray(base.webServer) ? base.webServer[0] : base.webServer!;

const GATEWAYS = {
  yookassa: {
    specs: ['prepayment.spec.ts'],
    env: {
      PAYMENT_DRIVER: 'yookassa',
      PAYMENT_MODE: 'prepay',
      PREPAY_PERCENT: '20',
      YOOKASSA_API_URL: `${emulatorUrl}/v3`,
      YOOKASSA_SHOP_ID: '100500',
      YOOKASSA_SECRET_KEY: 'test_emulator_secret',
    },
  },
  stripe: {
    specs: ['stripe-checkout.spec.ts', 'payouts.spec.ts'],
    env: {
      PAYMENT_DRIVER: 'stripe',
      PAYMENT_MODE: 'full',
      COMMISSION_PERCENT: '20',
      STRIPE_API_URL: emulatorUrl,
      // The emulator's defaults (tests/support/gateways/stripe-emulator.ts).
      STRIPE_SECRET_KEY: 'sk_test_emulator',
      STRIPE_WEBHOOK_SECRET: 'whsec_emulator',
    },
  },
} as const;
const gateway = process.env.E2E_GATEWAY === 'stripe' ? 'stripe' : 'yookassa';

export default defineConfig({
  ...base,
  testDir: './e2e/payments',
  testIgnore: [],
  testMatch: GATEWAYS[gateway].specs.map((spec) => `**/${spec}`),
  // Beside the other journeys' results, which this run must not wipe.
  outputDir: `test-results/payments-${gateway}`,
  reporter: [[process.env.CI ? 'line' : 'list']],
  use: { ...base.use, baseURL },
  projects: base.projects!.map((project) => ({ ...project, use: { ...project.use, baseURL } })),
  webServer: [
    {
      command: 'node --import tsx tests/support/gateways/serve-gateway.ts',
      port: EMULATOR_PORT,
      reuseExistingServer: false,
      env: {
        GATEWAY: gateway,
        EMULATOR_PORT: String(EMULATOR_PORT),
        WEBHOOK_URL: `${baseURL}/api/v1/payments/webhooks/${gateway}`,
      },
    },
    {
      ...appServer,
      command: `npx next start -H localhost -p ${PORT} --keepAliveTimeout 75000`,
      url: `${baseURL}/robots.txt`,
      env: { ...appServer.env, SITE_URL: baseURL, ...GATEWAYS[gateway].env },
    },
  ],
});
