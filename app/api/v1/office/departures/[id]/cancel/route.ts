import { cancelDepartureBody } from '@/lib/contract/departures';
import { cancelDeparture } from '@/lib/server/departures/cancel-departure';
import { readJson } from '@/lib/server/http/body';
import { apiRoute } from '@/lib/server/routes/api-route';

export const POST = apiRoute<{ id: string }>(
  async ({ request, params, language, viewer }) => {
    const { reason } = await readJson(request, cancelDepartureBody);
    return cancelDeparture(params.id, reason, viewer, language);
  },
  { viewer: 'required' },
);
