import { counterProposeBody } from '@/lib/contract/private-bookings';
import { counterPropose } from '@/lib/server/bookings/private-booking';
import { readJson } from '@/lib/server/http/body';
import { apiRoute } from '@/lib/server/routes/api-route';

export const POST = apiRoute<{ hid: string }>(
  async ({ request, params, language, viewer }) => ({
    data: await counterPropose(params.hid, await readJson(request, counterProposeBody), viewer, language),
  }),
  { viewer: 'required' },
);
