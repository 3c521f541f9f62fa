// Without zod, for the review forms in the browser (see password-rules.ts); lib/contract/reviews.ts uses the same values.

export const REVIEW_TEXT_MIN = 10;
export const REVIEW_TEXT_MAX = 2000;
export const REPLY_TEXT_MAX = 2000;
export const HIDE_REASON_MAX = 500;
/** Reviews per page on the idea page and in GET /ideas/{id}/reviews by default. */
export const REVIEWS_PAGE_SIZE = 5;
