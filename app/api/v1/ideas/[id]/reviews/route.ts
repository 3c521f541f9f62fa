import { NextResponse } from 'next/server';
import { createReviewBody, reviewsQuery } from '@/lib/contract/reviews';
import { readJson } from '@/lib/server/http/body';
import { apiRoute, queryObject } from '@/lib/server/routes/api-route';
import { createReview } from '@/lib/server/reviews/create-review';
import { listIdeaReviews } from '@/lib/server/reviews/review-queries';
import { reviewResources } from '@/lib/server/reviews/review-resource';

export const GET = apiRoute<{ id: string }>(async ({ request, params, language }) => {
  const query = reviewsQuery.parse(queryObject(request));
  return listIdeaReviews(params.id, query.page, query.limit, language, query.language);
});

export const POST = apiRoute<{ id: string }>(
  async ({ request, params, language, viewer }) => {
    const review = await createReview(params.id, await readJson(request, createReviewBody), viewer, language);
    const [data] = await reviewResources([review], language);
    return NextResponse.json({ data }, { status: 201 });
  },
  { viewer: 'required' },
);
