import { apiRoute } from '@/lib/server/http/handler';
import { requireViewer } from '@/lib/server/accounts/auth-viewer';
import { cancelBooking } from '@/lib/server/bookings/bookings';

export const POST = apiRoute<{ hid: string }>(async ({ request, params, language }) => {
  return { data: await cancelBooking(params.hid, await requireViewer(request), language) };
});
