import { acceptCounterProposal } from '@/lib/server/bookings/private-booking';
import { apiRoute } from '@/lib/server/routes/api-route';

export const POST = apiRoute<{ hid: string }>(
  async ({ params, language, viewer }) => ({ data: await acceptCounterProposal(params.hid, viewer, language) }),
  { viewer: 'required' },
);
