// The YooKassa emulator as a process of its own, for the browser journey of paying (playwright.payments.config.ts):
// `node --import tsx tests/support/gateways/serve-yookassa.ts` with EMULATOR_PORT and the app's WEBHOOK_URL.
import { startYookassaEmulator } from './yookassa-emulator';

const emulator = await startYookassaEmulator({
  port: Number(process.env.EMULATOR_PORT),
  webhook: process.env.WEBHOOK_URL,
});
console.log(`YooKassa emulator on ${emulator.apiUrl}, notifying ${process.env.WEBHOOK_URL}`);
process.on('SIGTERM', () => void emulator.close().then(() => process.exit(0)));
