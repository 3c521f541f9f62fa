import { availabilityQuery } from '@/lib/contract/private-bookings';
import { bookingAvailability } from '@/lib/server/bookings/private-booking';
import { apiRoute, queryObject } from '@/lib/server/routes/api-route';

export const GET = apiRoute<{ hid: string }>(
  async ({ request, params, viewer }) =>
    bookingAvailability(params.hid, availabilityQuery.parse(queryObject(request)), viewer),
  { viewer: 'required' },
);
