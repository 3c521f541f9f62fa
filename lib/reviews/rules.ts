import { dateTimeFormat, numberFormat } from '@/lib/format/intl';
import { localDay } from '@/lib/time/local-time';

/** Pure rules of reviews, shared by the server and the browser (unit-tested in tests/unit/reviews.test.ts). */

/** When a departure is over: its start plus the idea's duration (a trip without a duration ends when it starts). */
export function tripEndsAt(startsAt: Date, durationMinutes: number | null): Date {
  return new Date(startsAt.getTime() + Math.max(0, durationMinutes ?? 0) * 60_000);
}

/** A booking may be reviewed once its trip has ended, unless it was cancelled. */
export function canReview(
  booking: { status: string; startsAt: Date; durationMinutes: number | null },
  now: Date,
): boolean {
  return booking.status !== 'cancelled' && tripEndsAt(booking.startsAt, booking.durationMinutes) <= now;
}

/** `YYYY-MM` of a departure in local (Vladivostok) time. */
export const departureMonth = (startsAt: Date): string => localDay(startsAt).slice(0, 7);

/** The rating as the cards and the idea page write it: "4.8" (one decimal, always). */
export const formatRating = (rating: number, locale: string): string =>
  numberFormat(locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(rating);

/** A departure month (`YYYY-MM`) as the reviews show it: "июнь 2026 г.", "June 2026", "2026年6月". */
export function formatMonth(month: string, locale: string): string {
  const [year, number] = month.split('-').map(Number);
  return dateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    Date.UTC(year, number - 1, 1),
  );
}

/** How many reviews' worth of the site-wide mean every idea's rating is weighed with when the listing sorts by it. */
export const RATING_PRIOR_REVIEWS = 5;

/**
 * The Bayesian average the rating sort orders by: the idea's average pulled towards the site-wide mean as if it
 * had `prior` more reviews of that mean, so 5.0 from 13 reviews ranks above 5.0 from 3. Null without reviews.
 */
export function bayesianRating(
  average: number | null,
  count: number,
  siteMean: number | null,
  prior = RATING_PRIOR_REVIEWS,
): number | null {
  if (average === null || count <= 0) return null;
  const mean = siteMean ?? average;
  return (average * count + mean * prior) / (count + prior);
}
