import { apiRoute } from '@/lib/server/routes/api-route';
import { reopenPayment } from '@/lib/server/bookings/booking-payment';

export const POST = apiRoute<{ hid: string }>(
  async ({ params, language, viewer }) => ({ meta: await reopenPayment(params.hid, viewer, language) }),
  { viewer: 'required' },
);
