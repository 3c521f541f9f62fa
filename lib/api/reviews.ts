import type { ReviewResource, ReviewsPage } from '@/lib/contract/reviews';
import type { TextLanguage } from '@/lib/i18n/text-languages';
import { apiClient, localeHeaders } from './client';

/**
 * GET /ideas/{id}/reviews: one page of an idea's visible reviews, those in the locale's language first, newest first;
 * `language` keeps one language's reviews.
 */
export async function fetchIdeaReviews(
  ideaHid: string,
  { page, limit, locale, language }: { page: number; limit: number; locale: string; language?: TextLanguage },
): Promise<ReviewsPage> {
  return (
    await apiClient.get<ReviewsPage>(`/ideas/${ideaHid}/reviews`, {
      params: { page, limit, ...(language ? { language } : {}) },
      headers: localeHeaders(locale),
    })
  ).data;
}

/** POST /ideas/{hid}/reviews (201). */
export async function createReview(
  ideaHid: string,
  body: { booking_hid: string; rating: number; text: string },
  locale: string,
): Promise<ReviewResource> {
  return (
    await apiClient.post<{ data: ReviewResource }>(`/ideas/${ideaHid}/reviews`, body, {
      headers: localeHeaders(locale),
    })
  ).data.data;
}

/** PUT /reviews/{hid}/reply: the idea's author, once. */
export async function replyToReview(hid: string, text: string): Promise<ReviewResource> {
  return (await apiClient.put<{ data: ReviewResource }>(`/reviews/${hid}/reply`, { text })).data.data;
}

/** POST /reviews/{hid}/hide: moderators. */
export async function hideReview(hid: string, reason: string): Promise<ReviewResource> {
  return (await apiClient.post<{ data: ReviewResource }>(`/reviews/${hid}/hide`, { reason })).data.data;
}
