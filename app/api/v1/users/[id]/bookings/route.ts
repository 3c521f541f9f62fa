import { userBookingsQuery } from '@/lib/contract/bookings';
import { apiRoute, queryObject } from '@/lib/server/routes/api-route';
import { listUserBookings } from '@/lib/server/bookings/booking-queries';

export const GET = apiRoute<{ id: string }>(
  async ({ request, params, language, viewer }) =>
    listUserBookings(params.id, userBookingsQuery.parse(queryObject(request)), language, viewer),
  { viewer: 'required' },
);
