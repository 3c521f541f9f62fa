import { departuresQuery } from '@/lib/contract/departures';
import { listDepartures } from '@/lib/server/departures/list-departures';
import { apiRoute, queryObject } from '@/lib/server/routes/api-route';

export const GET = apiRoute(
  async ({ request, language, viewer }) =>
    listDepartures(departuresQuery.parse(queryObject(request)), viewer, language),
  { viewer: 'required' },
);
