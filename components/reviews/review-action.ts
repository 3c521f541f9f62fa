/**
 * The attribute naming what a button of an idea's reviews does ('more', 'all', 'language-en'): the same button in
 * the server's markup and in IdeaReviews, so that a click or the focus from before the reviews' code arrived is
 * carried over (components/reviews/ReviewsIsland.tsx).
 */
export const REVIEW_ACTION = 'data-review-action';
