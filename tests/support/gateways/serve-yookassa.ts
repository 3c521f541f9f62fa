// The YooKassa emulator as a process of its own, for the browser journey of paying (playwright.payments.config.ts):
// `node --import tsx tests/support/gateways/serve-yookassa.ts` with EMULATOR_PORT and the app's WEBHOOK_URL.
import { startYookassaEmulator } from './yookassa-emulator';

void startYookassaEmulator({ port: Number(process.env.EMULATOR_PORT), webhook: process.env.WEBHOOK_URL }).then(
  (emulator) => {
    console.log(`YooKassa emulator on ${emulator.apiUrl}, notifying ${process.env.WEBHOOK_URL}`);
    process.on('SIGTERM', () => void emulator.close().then(() => process.exit(0)));
  },
);
