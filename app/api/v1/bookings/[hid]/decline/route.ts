import { declineBookingBody } from '@/lib/contract/bookings';
import { readJson } from '@/lib/server/http/body';
import { apiRoute } from '@/lib/server/routes/api-route';
import { declineBooking } from '@/lib/server/bookings/answer-request';

export const POST = apiRoute<{ hid: string }>(
  async ({ request, params, language, viewer }) => {
    const { message } = await readJson(request, declineBookingBody);
    return { data: await declineBooking(params.hid, message, viewer, language) };
  },
  { viewer: 'required' },
);
