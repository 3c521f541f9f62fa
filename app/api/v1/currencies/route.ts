import { apiRoute } from '@/lib/server/http/handler';
import { listCurrencies } from '@/lib/server/catalog/catalog';

export const GET = apiRoute(async ({ language }) => listCurrencies(language));
