import { manifestCsv } from '@/lib/server/departures/manifest-csv';
import { csvDownload } from '@/lib/server/http/csv-download';
import { apiRoute } from '@/lib/server/routes/api-route';

export const GET = apiRoute<{ id: string }>(
  async ({ params, language, viewer }) => csvDownload(await manifestCsv(params.id, viewer, language)),
  { viewer: 'required' },
);
