import { apiRoute } from '@/lib/server/http/handler';
import { listPopularPlaces } from '@/lib/server/places/place-queries';

export const GET = apiRoute(async ({ language }) => listPopularPlaces(language));
