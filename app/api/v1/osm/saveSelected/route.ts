import { saveSelectedBody } from '@/lib/contract/osm';
import { readJson } from '@/lib/server/http/body';
import { apiRoute } from '@/lib/server/http/handler';
import { requireViewer } from '@/lib/server/accounts/auth-viewer';
import { saveSelected } from '@/lib/server/places/osm';

export const POST = apiRoute(async ({ request, language }) => {
  await requireViewer(request);
  return saveSelected(await readJson(request, saveSelectedBody), language);
});
