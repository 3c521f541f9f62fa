import { apiRoute } from '@/lib/server/routes/api-route';
import { openApiDocument } from '@/lib/server/http/openapi';

export const GET = apiRoute(async () => openApiDocument(), { availableInServiceMode: true });
