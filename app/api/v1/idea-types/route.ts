import { apiRoute } from '@/lib/server/http/handler';
import { listIdeaTypes } from '@/lib/server/catalog/reference-lists';

export const GET = apiRoute(async ({ language }) => listIdeaTypes(language));
