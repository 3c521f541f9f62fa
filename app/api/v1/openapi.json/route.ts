import { apiRoute } from '@/lib/server/http/handler';
import { openApiDocument } from '@/lib/server/openapi';

export const GET = apiRoute(async () => openApiDocument(), { availableInServiceMode: true });
