import { hideReviewBody } from '@/lib/contract/reviews';
import { requireModerator } from '@/lib/server/accounts/viewer';
import { readJson } from '@/lib/server/http/body';
import { apiRoute } from '@/lib/server/routes/api-route';
import { hideReview } from '@/lib/server/reviews/hide-review';
import { reviewResources } from '@/lib/server/reviews/review-resource';

// The role is checked after the body is read: a moderator-only route that answers 422 before 403.
export const POST = apiRoute<{ hid: string }>(
  async ({ request, params, language, viewer }) => {
    const { reason } = await readJson(request, hideReviewBody);
    const moderator = requireModerator(viewer, 'Only moderators hide reviews.');
    const [data] = await reviewResources([await hideReview(params.hid, reason, moderator)], language, true);
    return { data };
  },
  { viewer: 'required' },
);
