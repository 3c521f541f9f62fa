// A gateway's emulator as a process of its own, for the browser journeys of paying (playwright.payments.config.ts):
// `node --import tsx tests/support/gateways/serve-gateway.ts` with GATEWAY (yookassa or stripe), EMULATOR_PORT and
// the app's WEBHOOK_URL.
import { startStripeEmulator } from './stripe-emulator';
import { startYookassaEmulator } from './yookassa-emulator';

const options = { port: Number(process.env.EMULATOR_PORT), webhook: process.env.WEBHOOK_URL };
const gateway = process.env.GATEWAY === 'stripe' ? 'Stripe' : 'YooKassa';
void (gateway === 'Stripe' ? startStripeEmulator(options) : startYookassaEmulator(options)).then((emulator) => {
  console.log(`${gateway} emulator on ${emulator.origin}, notifying ${process.env.WEBHOOK_URL}`);
  process.on('SIGTERM', () => void emulator.close().then(() => process.exit(0)));
});
