import { apiRoute } from '@/lib/server/routes/api-route';
import { listPopularPlaces } from '@/lib/server/places/place-queries';

export const GET = apiRoute(async ({ language }) => listPopularPlaces(language));
