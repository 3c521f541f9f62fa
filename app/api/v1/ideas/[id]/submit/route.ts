import { apiRoute } from '@/lib/server/routes/api-route';
import { submitIdea } from '@/lib/server/ideas/moderation';

export const POST = apiRoute<{ id: string }>(
  async ({ params, language, viewer }) => submitIdea(params.id, language, viewer),
  { viewer: 'required' },
);
