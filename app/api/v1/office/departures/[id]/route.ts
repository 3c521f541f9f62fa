import { getManifest } from '@/lib/server/departures/manifest';
import { apiRoute } from '@/lib/server/routes/api-route';

export const GET = apiRoute<{ id: string }>(
  async ({ params, language, viewer }) => getManifest(params.id, viewer, language),
  { viewer: 'required' },
);
