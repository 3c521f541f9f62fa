import { apiRoute } from '@/lib/server/http/handler';
import { getConfig } from '@/lib/server/services/config';

export const GET = apiRoute(async () => getConfig(), { availableInServiceMode: true });
