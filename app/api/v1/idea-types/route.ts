import { apiRoute } from '@/lib/server/http/handler';
import { listIdeaTypes } from '@/lib/server/catalog/catalog';

export const GET = apiRoute(async ({ language }) => listIdeaTypes(language));
