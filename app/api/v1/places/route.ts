import { apiRoute } from '@/lib/server/http/handler';
import { listTopPlaces } from '@/lib/server/places/place-queries';

export const GET = apiRoute(async ({ language }) => listTopPlaces(language));
