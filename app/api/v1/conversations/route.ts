import { listConversations } from '@/lib/server/conversations/read-conversations';
import { apiRoute } from '@/lib/server/routes/api-route';

export const GET = apiRoute(async ({ language, viewer }) => listConversations(viewer, language), {
  viewer: 'required',
});
