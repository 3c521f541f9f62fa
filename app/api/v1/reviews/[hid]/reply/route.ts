import { replyBody } from '@/lib/contract/reviews';
import { readJson } from '@/lib/server/http/body';
import { apiRoute } from '@/lib/server/routes/api-route';
import { replyToReview } from '@/lib/server/reviews/reply-to-review';
import { reviewResources } from '@/lib/server/reviews/review-resource';

export const PUT = apiRoute<{ hid: string }>(
  async ({ request, params, language, viewer }) => {
    const { text } = await readJson(request, replyBody);
    const [data] = await reviewResources([await replyToReview(params.hid, text, viewer)], language);
    return { data };
  },
  { viewer: 'required' },
);
