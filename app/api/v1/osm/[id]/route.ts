import { z } from 'zod';
import { osmId } from '@/lib/contract/osm';
import { apiRoute } from '@/lib/server/routes/api-route';
import { getOsmPlace } from '@/lib/server/places/osm';

export const GET = apiRoute<{ id: string }>(async ({ params, language }) => {
  const { id } = z.object({ id: osmId }).parse(params);
  return getOsmPlace(id, language);
});
