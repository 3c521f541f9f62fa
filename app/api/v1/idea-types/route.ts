import { apiRoute } from '@/lib/server/routes/api-route';
import { listIdeaTypes } from '@/lib/server/catalog/reference-lists';

export const GET = apiRoute(async ({ language }) => listIdeaTypes(language));
