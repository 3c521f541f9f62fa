import { refuseBody } from '@/lib/contract/own-ideas';
import { requireModerator } from '@/lib/server/accounts/viewer';
import { readJson } from '@/lib/server/http/body';
import { apiRoute } from '@/lib/server/routes/api-route';
import { MODERATORS_ONLY, refuseIdea } from '@/lib/server/ideas/moderation';

// The role is checked after the body is read: a moderator-only route that answers 422 before 403.
export const POST = apiRoute<{ id: string }>(
  async ({ request, params, language, viewer }) => {
    const { reason } = await readJson(request, refuseBody);
    return refuseIdea(params.id, reason, language, requireModerator(viewer, MODERATORS_ONLY));
  },
  { viewer: 'required' },
);
