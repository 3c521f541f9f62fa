import { userBookingsQuery } from '@/lib/contract/bookings';
import { apiRoute, queryObject } from '@/lib/server/http/handler';
import { requireViewer } from '@/lib/server/accounts/auth-viewer';
import { listUserBookings } from '@/lib/server/bookings/bookings';

export const GET = apiRoute<{ id: string }>(async ({ request, params, language }) => {
  const viewer = await requireViewer(request);
  return listUserBookings(params.id, userBookingsQuery.parse(queryObject(request)), language, viewer);
});
