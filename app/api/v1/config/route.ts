import { apiRoute } from '@/lib/server/routes/api-route';
import { getConfig } from '@/lib/server/catalog/config';

export const GET = apiRoute(async () => getConfig(), { availableInServiceMode: true });
