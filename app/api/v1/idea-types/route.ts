import { apiRoute } from '@/lib/server/http/handler';
import { listIdeaTypes } from '@/lib/server/services/catalog';

export const GET = apiRoute(async ({ language }) => listIdeaTypes(language));
