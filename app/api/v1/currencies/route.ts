import { apiRoute } from '@/lib/server/http/handler';
import { listCurrencies } from '@/lib/server/catalog/reference-lists';

export const GET = apiRoute(async ({ language }) => listCurrencies(language));
