import { apiRoute } from '@/lib/server/routes/api-route';
import { acceptBooking } from '@/lib/server/bookings/answer-request';

export const POST = apiRoute<{ hid: string }>(
  async ({ params, language, viewer }) => ({ data: await acceptBooking(params.hid, viewer, language) }),
  { viewer: 'required' },
);
