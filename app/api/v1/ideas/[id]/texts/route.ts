import { apiRoute } from '@/lib/server/routes/api-route';
import { ideaTexts } from '@/lib/server/ideas/idea-texts';

export const GET = apiRoute<{ id: string }>(async ({ params, viewer }) => ideaTexts(params.id, viewer), {
  viewer: 'required',
});
