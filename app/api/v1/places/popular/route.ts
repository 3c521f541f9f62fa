import { apiRoute } from '@/lib/server/http/handler';
import { listPopularPlaces } from '@/lib/server/services/places';

export const GET = apiRoute(async ({ language }) => listPopularPlaces(language));
