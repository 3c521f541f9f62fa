import { apiRoute } from '@/lib/server/routes/api-route';
import { listTopPlaces } from '@/lib/server/places/place-queries';

export const GET = apiRoute(async ({ language }) => listTopPlaces(language));
