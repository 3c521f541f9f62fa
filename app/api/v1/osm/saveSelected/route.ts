import { saveSelectedBody } from '@/lib/api/schemas/osm';
import { readJson } from '@/lib/server/http/body';
import { apiRoute } from '@/lib/server/http/handler';
import { requireViewer } from '@/lib/server/services/auth-viewer';
import { saveSelected } from '@/lib/server/services/osm';

export const POST = apiRoute(async ({ request, language }) => {
  await requireViewer(request);
  return saveSelected(await readJson(request, saveSelectedBody), language);
});
