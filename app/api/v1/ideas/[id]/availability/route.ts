import { availabilityQuery } from '@/lib/contract/private-bookings';
import { privateAvailability } from '@/lib/server/bookings/private-booking';
import { apiRoute, queryObject } from '@/lib/server/routes/api-route';

export const GET = apiRoute<{ id: string }>(async ({ request, params }) =>
  privateAvailability(params.id, availabilityQuery.parse(queryObject(request))),
);
