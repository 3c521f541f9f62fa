import { apiRoute } from '@/lib/server/routes/api-route';
import { approveIdea, MODERATORS_ONLY } from '@/lib/server/ideas/moderation';

export const POST = apiRoute<{ id: string }>(
  async ({ params, language, viewer }) => approveIdea(params.id, language, viewer),
  { viewer: 'moderator', forbidden: MODERATORS_ONLY },
);
