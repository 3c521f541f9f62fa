import { apiRoute } from '@/lib/server/http/handler';
import { openApiDocument } from '@/lib/server/http/openapi';

export const GET = apiRoute(async () => openApiDocument(), { availableInServiceMode: true });
