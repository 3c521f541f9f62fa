import { apiRoute } from '@/lib/server/routes/api-route';
import { getBooking } from '@/lib/server/bookings/booking-queries';

export const GET = apiRoute<{ hid: string }>(
  async ({ params, language, viewer }) => getBooking(params.hid, language, viewer),
  { viewer: 'required' },
);
