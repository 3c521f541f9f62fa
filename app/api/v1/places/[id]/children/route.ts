import { z } from 'zod';
import { idParam } from '@/lib/contract/common';
import { apiRoute } from '@/lib/server/routes/api-route';
import { listChildPlaces } from '@/lib/server/places/place-queries';

export const GET = apiRoute<{ id: string }>(async ({ params, language }) => {
  const { id } = z.object({ id: idParam }).parse(params);
  return listChildPlaces(id, language);
});
