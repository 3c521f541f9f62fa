import { apiRoute } from '@/lib/server/http/handler';
import { requireViewer } from '@/lib/server/accounts/auth-viewer';
import { bookingResources, cancelBooking } from '@/lib/server/bookings/bookings';

export const POST = apiRoute<{ hid: string }>(async ({ request, params, language }) => {
  const booking = await cancelBooking(params.hid, await requireViewer(request));
  const [data] = await bookingResources([booking], language);
  return { data };
});
