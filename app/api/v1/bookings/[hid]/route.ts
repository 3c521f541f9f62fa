import { apiRoute } from '@/lib/server/http/handler';
import { requireViewer } from '@/lib/server/accounts/auth-viewer';
import { getBooking } from '@/lib/server/bookings/bookings';

export const GET = apiRoute<{ hid: string }>(async ({ request, params, language }) =>
  getBooking(params.hid, language, await requireViewer(request)),
);
