import { conversationsListQuery } from '@/lib/contract/conversations';
import { listConversations } from '@/lib/server/conversations/read-conversations';
import { apiRoute, queryObject } from '@/lib/server/routes/api-route';

export const GET = apiRoute(
  async ({ request, language, viewer }) =>
    listConversations(viewer, conversationsListQuery.parse(queryObject(request)), language),
  { viewer: 'required' },
);
