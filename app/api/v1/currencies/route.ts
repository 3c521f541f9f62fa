import { apiRoute } from '@/lib/server/routes/api-route';
import { listCurrencies } from '@/lib/server/catalog/reference-lists';

export const GET = apiRoute(async ({ language }) => listCurrencies(language));
