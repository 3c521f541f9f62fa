import { openMessageReports } from '@/lib/server/conversations/moderate-messages';
import { apiRoute } from '@/lib/server/routes/api-route';

export const GET = apiRoute(async () => openMessageReports(), {
  viewer: 'moderator',
  forbidden: 'Only moderators read reported messages.',
});
