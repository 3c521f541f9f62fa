import { hideReviewBody } from '@/lib/contract/reviews';
import { readJson } from '@/lib/server/http/body';
import { apiRoute } from '@/lib/server/http/handler';
import { requireViewer } from '@/lib/server/accounts/auth-viewer';
import { hideReview, reviewResources } from '@/lib/server/reviews/reviews';

export const POST = apiRoute<{ hid: string }>(async ({ request, params }) => {
  const viewer = await requireViewer(request);
  const { reason } = await readJson(request, hideReviewBody);
  const [data] = await reviewResources([await hideReview(params.hid, reason, viewer)], true);
  return { data };
});
