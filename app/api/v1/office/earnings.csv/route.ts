import { monthQuery } from '@/lib/contract/earnings';
import { earningsCsv } from '@/lib/server/earnings/earnings-csv';
import { csvDownload } from '@/lib/server/http/csv-download';
import { apiRoute, queryObject } from '@/lib/server/routes/api-route';

export const GET = apiRoute(
  async ({ request, language, viewer }) =>
    csvDownload(await earningsCsv(monthQuery.parse(queryObject(request)), viewer, language)),
  { viewer: 'required' },
);
