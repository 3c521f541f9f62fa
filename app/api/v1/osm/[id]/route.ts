import { z } from 'zod';
import { osmId } from '@/lib/api/schemas/osm';
import { apiRoute } from '@/lib/server/http/handler';
import { getOsmPlace } from '@/lib/server/services/osm';

export const GET = apiRoute<{ id: string }>(async ({ params, language }) => {
  const { id } = z.object({ id: osmId }).parse(params);
  return getOsmPlace(id, language);
});
