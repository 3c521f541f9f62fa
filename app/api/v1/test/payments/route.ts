import { z } from 'zod';
import { recordTestPayment } from '@/lib/server/earnings/test-payment';
import { readJson } from '@/lib/server/http/body';
import { testRoute } from '@/lib/server/routes/test-route';

const testPaymentBody = z.object({ booking_hid: z.string().min(1) });

/** Test support: a booking paid online (succeeded), as the server's payment mode would take it. Never in production. */
export const POST = testRoute(async ({ request }) => {
  const { booking_hid } = await readJson(request, testPaymentBody);
  return { data: await recordTestPayment(booking_hid) };
});
