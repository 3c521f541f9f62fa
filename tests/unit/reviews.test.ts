import { describe, expect, it } from 'vitest';
import { bayesianRating, canReview, departureMonth, formatRating, tripEndsAt } from '@/lib/reviews/rules';
import { reviewsFor } from '@/lib/server/demo/content/reviews';
import { seededRandom } from '@/lib/seeded-random';
import { SEED_IDEAS } from '@/lib/server/demo/content/ideas';

const start = new Date('2026-06-01T00:00:00Z');

describe('when a trip may be reviewed', () => {
  it('is after the start plus the duration', () => {
    expect(tripEndsAt(start, 180).toISOString()).toBe('2026-06-01T03:00:00.000Z');
    expect(tripEndsAt(start, null)).toEqual(start);
    const trip = { status: 'confirmed', startsAt: start, durationMinutes: 2880 };
    expect(canReview(trip, new Date('2026-06-02T23:59:00Z'))).toBe(false);
    expect(canReview(trip, new Date('2026-06-03T00:00:00Z'))).toBe(true);
  });

  it('never for a cancelled booking', () => {
    expect(canReview({ status: 'cancelled', startsAt: start, durationMinutes: 60 }, new Date('2027-01-01'))).toBe(
      false,
    );
  });

  it('names the departure month in Vladivostok time', () => {
    // 20:00 UTC on 31 May is already 1 June in Vladivostok (UTC+10).
    expect(departureMonth(new Date('2026-05-31T20:00:00Z'))).toBe('2026-06');
    expect(departureMonth(new Date('2026-05-31T10:00:00Z'))).toBe('2026-05');
  });

  it('writes the rating with one decimal in the locale', () => {
    expect(formatRating(5, 'en')).toBe('5.0');
    expect(formatRating(4.8, 'ru')).toBe('4,8');
  });
});

describe('the rating the listing sorts by', () => {
  it('trusts many reviews more than a few', () => {
    const mean = 4.4;
    expect(bayesianRating(5, 13, mean)!).toBeGreaterThan(bayesianRating(5, 3, mean)!);
    expect(bayesianRating(5, 3, mean)).toBeCloseTo((15 + 22) / 8);
  });

  it('pulls a low rating up towards the mean, and is null without reviews', () => {
    expect(bayesianRating(2.8, 4, 4.4)!).toBeGreaterThan(2.8);
    expect(bayesianRating(2.8, 4, 4.4)!).toBeLessThan(4.4);
    expect(bayesianRating(null, 0, 4.4)).toBeNull();
    // The first review of the site is its own mean.
    expect(bayesianRating(4, 1, null)).toBe(4);
  });
});

describe('seed reviews', () => {
  it('are the same on every run, 3–15 per reviewed idea, and valid reviews', () => {
    const first = SEED_IDEAS.map((idea, i) => reviewsFor(idea, i));
    expect(SEED_IDEAS.map((idea, i) => reviewsFor(idea, i))).toEqual(first);
    const reviewed = first.filter((list) => list.length > 0);
    expect(reviewed.length).toBeGreaterThan(SEED_IDEAS.length / 2);
    for (const list of reviewed) {
      expect(list.length).toBeGreaterThanOrEqual(3);
      expect(list.length).toBeLessThanOrEqual(15);
      for (const review of list) {
        expect(review.text.length).toBeGreaterThanOrEqual(10);
        expect(review.text.length).toBeLessThanOrEqual(2000);
        expect(review.text).not.toContain('{guide}');
      }
    }
    const ratings = new Set(first.flat().map((r) => r.rating));
    expect(ratings.size).toBe(5);
    expect(first.flat().some((r) => r.reply !== null)).toBe(true);
  });

  it('draw from a deterministic generator in [0, 1)', () => {
    const a = seededRandom(42);
    const b = seededRandom(42);
    const values = Array.from({ length: 100 }, () => a());
    expect(Array.from({ length: 100 }, () => b())).toEqual(values);
    expect(values.every((v) => v >= 0 && v < 1)).toBe(true);
  });
});
