import { saveSelectedBody } from '@/lib/contract/osm';
import { readJson } from '@/lib/server/http/body';
import { apiRoute } from '@/lib/server/routes/api-route';
import { saveSelected } from '@/lib/server/places/osm';

export const POST = apiRoute(
  async ({ request, language }) => saveSelected(await readJson(request, saveSelectedBody), language),
  { viewer: 'required' },
);
