import { apiRoute } from '@/lib/server/http/handler';
import { requireViewer } from '@/lib/server/services/auth-viewer';
import { getBooking } from '@/lib/server/services/bookings';

export const GET = apiRoute<{ hid: string }>(async ({ request, params, language }) =>
  getBooking(params.hid, language, await requireViewer(request)),
);
