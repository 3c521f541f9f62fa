import { apiRoute } from '@/lib/server/routes/api-route';
import { settleBookingPayment } from '@/lib/server/bookings/booking-payment';
import { handleWebhook } from '@/lib/server/payments/handle-webhook';

// Called by the gateway, which proves itself (docs/payments.md); in service mode it gets 503 and retries later.
export const POST = apiRoute(async ({ request }) => handleWebhook('stripe', request, settleBookingPayment));
