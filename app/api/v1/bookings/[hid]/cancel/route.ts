import { apiRoute } from '@/lib/server/routes/api-route';
import { cancelBooking } from '@/lib/server/bookings/cancel-booking';

export const POST = apiRoute<{ hid: string }>(
  async ({ params, language, viewer }) => ({ data: await cancelBooking(params.hid, viewer, language) }),
  { viewer: 'required' },
);
