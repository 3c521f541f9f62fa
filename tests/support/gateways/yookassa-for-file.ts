import { afterAll, beforeAll } from 'vitest';
import { POST as yookassaWebhook } from '@/app/api/v1/payments/webhooks/yookassa/route';
import { deliverTo } from './app-webhooks';
import { startYookassaEmulator, type YookassaEmulator } from './yookassa-emulator';

/**
 * A test file's bookings paid through YooKassa (prepayment of 20 %): the emulator, started before the file's
 * database (call this first), the driver's settings pointed at it, and its webhooks delivered to the app's route
 * from one of the gateway's addresses. Answers the running emulator.
 */
export function yookassaForFile(): () => YookassaEmulator {
  let yookassa: YookassaEmulator | undefined;
  beforeAll(async () => {
    yookassa = await startYookassaEmulator();
    Object.assign(process.env, {
      PAYMENT_DRIVER: 'yookassa',
      PAYMENT_MODE: 'prepay',
      PREPAY_PERCENT: '20',
      YOOKASSA_SHOP_ID: yookassa.shopId,
      YOOKASSA_SECRET_KEY: yookassa.secretKey,
      YOOKASSA_API_URL: yookassa.apiUrl,
      YOOKASSA_WEBHOOK_IPS: '',
    });
    yookassa.setWebhook(deliverTo(yookassaWebhook, '/api/v1/payments/webhooks/yookassa', { address: '185.71.76.10' }));
  });
  afterAll(() => yookassa?.close());
  return () => yookassa!;
}
