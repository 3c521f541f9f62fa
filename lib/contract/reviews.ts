import { z } from 'zod';
import { TEXT_LANGUAGES } from '@/lib/i18n/text-languages';
import { pageParams, resource } from './common';
import { HIDE_REASON_MAX, REPLY_TEXT_MAX, REVIEW_TEXT_MAX, REVIEW_TEXT_MIN, REVIEWS_PAGE_SIZE } from './review-rules';

const reviewText = (min: number, max: number, what: string) =>
  z
    .string({ error: `Write ${what}.` })
    .trim()
    .min(min, `At least ${min} characters.`)
    .max(max, `At most ${max} characters.`);

/** POST /ideas/{hid}/reviews */
export const createReviewBody = z.strictObject({
  booking_hid: z.string({ error: 'Name the booking.' }).regex(/^[A-Za-z]{1,32}$/, 'Use the booking hid.'),
  rating: z
    .number({ error: 'Give a rating from 1 to 5.' })
    .int('Give a rating from 1 to 5.')
    .min(1, 'Give a rating from 1 to 5.')
    .max(5, 'Give a rating from 1 to 5.'),
  text: reviewText(REVIEW_TEXT_MIN, REVIEW_TEXT_MAX, 'a few words about the trip'),
});
export type CreateReviewBody = z.infer<typeof createReviewBody>;

/** PUT /reviews/{hid}/reply */
export const replyBody = z.strictObject({ text: reviewText(2, REPLY_TEXT_MAX, 'a reply') });

/** POST /reviews/{hid}/hide */
export const hideReviewBody = z.strictObject({ reason: reviewText(3, HIDE_REASON_MAX, 'the reason') });

/** GET /ideas/{id}/reviews */
export const reviewsQuery = z.object({
  page: pageParams.page,
  limit: pageParams.limit.default(REVIEWS_PAGE_SIZE),
  language: z
    .enum(TEXT_LANGUAGES, { error: 'Use ru, en or zh.' })
    .optional()
    .describe('Only the reviews written in this language'),
});

export const reviewResource = resource(
  'reviews',
  z.object({
    rating: z.number().int(),
    text: z.string(),
    /** The language the text is written in, detected when it was written. */
    language: z.enum(TEXT_LANGUAGES),
    created_at: z.string(),
    /** `YYYY-MM` of the departure the reviewer went on. */
    departure_month: z.string(),
    reviewer_name: z.string(),
    reviewer_image_url: z.string().nullable(),
    reply: z.object({ text: z.string(), created_at: z.string() }).nullable(),
    /** Only for moderators (hide answers). */
    hidden: z.object({ at: z.string(), reason: z.string() }).nullable().optional(),
  }),
);
export type ReviewResource = z.infer<typeof reviewResource>;

export const reviewsPage = z.object({
  data: z.array(reviewResource),
  meta: z.object({
    current_page: z.number().int(),
    per_page: z.number().int(),
    total: z.number().int(),
    last_page: z.number().int(),
    rating: z.number().nullable().describe('Average of the visible reviews, one decimal'),
    reviews_count: z.number().int(),
    languages: z
      .array(z.object({ language: z.enum(TEXT_LANGUAGES), count: z.number().int() }))
      .describe('How many visible reviews each language has (all of them, whatever `language` asked for)'),
  }),
});
export type ReviewsPage = z.infer<typeof reviewsPage>;
