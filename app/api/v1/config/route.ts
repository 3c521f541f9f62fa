import { apiRoute } from '@/lib/server/http/handler';
import { getConfig } from '@/lib/server/catalog/config';

export const GET = apiRoute(async () => getConfig(), { availableInServiceMode: true });
