import 'server-only';
import { sql } from 'drizzle-orm';
import { detectTextLanguage } from '@/lib/reviews/language';
import { hashPassword } from '../accounts/passwords';
import { toHid } from '../db/hids';
import { searchTextOf } from '../db/localized';
import { localDay, localDeparture, localStartMinute } from '@/lib/time/local-time';
import { RATING_PRIOR_REVIEWS } from '@/lib/reviews/rules';
import { isEmpty, type Db } from '../db/client';
import {
  categories,
  currencies,
  ideaAvailability,
  ideaBlockedDays,
  ideaDates,
  ideaItineraries,
  bookings,
  ideas,
  ideaTypes,
  reviews,
  photos,
  places,
  profiles,
  users,
} from '../db/schema';
import { SEED_CATEGORIES, SEED_CURRENCIES, SEED_IDEA_TYPES, SEED_PLACES } from './content/catalog';
import { SEED_AUTHORS, SEED_IDEAS } from './content/ideas';
import { PRIVATE_IDEAS } from './content/private-ideas';
import { seedTerms } from './content/terms';
import type { SeedIdea } from './content/types';
import { DEMO_TRAVELLER, reviewsFor, SEED_TRAVELLERS } from './content/reviews';
import { seedConversations } from './seed-conversations';
import { prepareSeedPictures, SEED_GALLERY_SIZE, seedAvatarKey, seedPhotoBase } from './seed-pictures';

export const MODERATOR_EMAIL = 'moderator@sopka.travel';
/** Demo sign-ins (README): the moderator, and every demo author with the author password. */
export const MODERATOR_PASSWORD = 'sopka-moderator-2026';
export const AUTHOR_PASSWORD = 'sopka-author-2026';

export interface SeedOptions {
  /** Render the pictures seen first, the rest on request (seed-pictures.ts); skipped by API tests, which need rows. */
  images: boolean;
  /** "Today" for the relative departure dates; tests pin it. */
  now?: Date;
}

/** Start of a departure: `dayOffset` days after the local day of `now`, at the local `HH:MM`. */
export function departureStart(
  now: Date,
  dayOffset: number,
  startTime: string,
): { startsAt: Date; localStartMinute: number } {
  const startsAt = localDeparture(now, dayOffset, startTime);
  return { startsAt, localStartMinute: localStartMinute(startsAt) };
}

/** Fills an empty database with the demo content; does nothing when there is data already. */
export async function seedIfEmpty(db: Db, options: SeedOptions): Promise<boolean> {
  if (!(await isEmpty(db))) return false;
  await seed(db, options);
  return true;
}

/** Replaces all content with the demo content. The pictures render on sharp's threads while the rows go in. */
export async function seed(db: Db, { images, now = new Date() }: SeedOptions): Promise<void> {
  await Promise.all([images ? prepareSeedPictures() : undefined, insertContent(db, now, images)]);
}

async function insertContent(db: Db, now: Date, withAvatars: boolean): Promise<void> {
  const [moderatorHash, authorHash] = await Promise.all([
    hashPassword(MODERATOR_PASSWORD),
    hashPassword(AUTHOR_PASSWORD),
  ]);

  await db.transaction(async (tx) => {
    await tx.execute(
      sql`TRUNCATE reviews, bookings, sessions, rate_limits, phone_verifications, sms_outbox, photos, idea_itineraries, idea_availability, idea_blocked_days, idea_dates, ideas, profiles, users, places, categories, idea_types, currencies RESTART IDENTITY CASCADE`,
    );

    await tx.insert(currencies).values(SEED_CURRENCIES);
    await tx.insert(categories).values(SEED_CATEGORIES);
    await tx.insert(ideaTypes).values(SEED_IDEA_TYPES);
    await tx.insert(places).values(
      SEED_PLACES.map((p) => ({
        id: p.id,
        parentId: p.parentId,
        title: p.title,
        searchText: searchTextOf(p.title),
        lat: p.lat,
        lon: p.lon,
        popularity: p.popularity,
      })),
    );

    const people = [
      ...SEED_AUTHORS.map((author) => ({
        name: author.name,
        nameLatin: author.nameLatin ?? null,
        nameZh: author.nameZh ?? null,
        email: author.email,
        role: 'user' as const,
        about: author.about,
        avatarKey: withAvatars ? seedAvatarKey(author) : null,
        passwordHash: authorHash,
      })),
      {
        name: 'Модератор Сопки',
        email: MODERATOR_EMAIL,
        role: 'moderator' as const,
        nameLatin: null,
        nameZh: null,
        about: { ru: '' },
        avatarKey: null,
        passwordHash: moderatorHash,
      },
    ];
    await tx.insert(users).values(
      people.map((p, i) => ({
        id: i + 1,
        hid: toHid(i + 1),
        name: p.name,
        nameLatin: p.nameLatin,
        nameZh: p.nameZh,
        email: p.email,
        role: p.role,
        avatarKey: p.avatarKey,
        passwordHash: p.passwordHash,
      })),
    );
    await tx
      .insert(profiles)
      .values(people.map((p, i) => ({ id: i + 1, hid: toHid(i + 1), userId: i + 1, about: p.about })));

    const ideaRows = SEED_IDEAS.map((idea, index) => {
      const id = index + 1;
      const published = idea.status === 'published';
      const publishedAt = published ? new Date(now.getTime() - (SEED_IDEAS.length - index) * 3_600_000) : null;
      const firstDate = departureStart(now, Math.min(...idea.dayOffsets), idea.startTime).startsAt;
      const personal = PRIVATE_IDEAS.get(idea.key);
      return {
        id,
        hid: toHid(id),
        authorId: idea.author + 1,
        placeId: idea.placeId,
        categoryId: idea.categoryId,
        ideaTypeId: idea.ideaTypeId,
        status: idea.status,
        title: idea.title,
        description: idea.description,
        includes: idea.includes,
        languages: idea.languages,
        durationMinutes: idea.durationMinutes,
        lat: idea.lat,
        lon: idea.lon,
        ...seedTerms(idea, index),
        price: personal?.groupPrice ?? idea.price,
        childPrice: personal ? null : idea.childPrice,
        ...(personal ? { format: 'private' as const, slotStepMinutes: personal.stepMinutes } : {}),
        currency: 'RUB',
        minPersons: idea.minPersons,
        maxPersons: idea.maxPersons,
        childrenAllowed: idea.childrenAllowed,
        nextDateAt: personal ? null : firstDate,
        coverPhotoId: index * SEED_GALLERY_SIZE + 1,
        publishedAt,
        createdAt: publishedAt ?? now,
        updatedAt: publishedAt ?? now,
      };
    });
    await tx.insert(ideas).values(ideaRows);

    await tx.insert(ideaDates).values(
      SEED_IDEAS.flatMap((idea, index) =>
        // A private idea has no group departures: each booking makes its own.
        (PRIVATE_IDEAS.has(idea.key) ? [] : idea.dayOffsets).map((offset) => {
          const { startsAt, localStartMinute } = departureStart(now, offset, idea.startTime);
          // Some departures are already partly booked, so "seats left" varies like in real life.
          const taken = (offset * 7 + index) % Math.max(1, Math.floor(idea.seatsPerDate / 2));
          return {
            ideaId: index + 1,
            startsAt,
            localStartMinute,
            seatsTotal: idea.seatsPerDate,
            seatsLeft: idea.seatsPerDate - taken,
          };
        }),
      ),
    );

    await seedPrivateIdeas(tx, now);

    await tx.insert(ideaItineraries).values(
      SEED_IDEAS.flatMap((idea, index) =>
        idea.itinerary.map((step, position) => ({
          ideaId: index + 1,
          position,
          title: step.title,
          description: step.description,
          durationMinutes: step.durationMinutes,
        })),
      ),
    );

    await tx.insert(photos).values(
      SEED_IDEAS.flatMap((idea, index) =>
        Array.from({ length: SEED_GALLERY_SIZE }, (_, variant) => ({
          id: index * SEED_GALLERY_SIZE + variant + 1,
          ideaId: index + 1,
          ownerId: idea.author + 1,
          storageKey: seedPhotoBase(idea, variant),
          width: 1400,
          height: 1050,
          position: variant,
        })),
      ),
    );

    await seedReviews(tx, now, people.length, authorHash);
    // The demo traveller (the first after `people`) asks guides of ideas past their ended trips.
    await seedConversations(tx, now, people.length + 1, DEMO_TRAVELLER_TRIPS);

    // Explicit ids above: move every sequence past them.
    for (const table of [
      'users',
      'profiles',
      'places',
      'ideas',
      'idea_dates',
      'idea_itineraries',
      'photos',
      'bookings',
      'reviews',
    ]) {
      await tx.execute(
        sql.raw(
          `SELECT setval(pg_get_serial_sequence('${table}', 'id'), (SELECT coalesce(max(id), 0) + 1 FROM ${table}), false)`,
        ),
      );
    }
  });
}

type SeedTx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** The private ideas' weekly availability and days off. */
async function seedPrivateIdeas(tx: SeedTx, now: Date): Promise<void> {
  for (const [key, personal] of PRIVATE_IDEAS) {
    const ideaId = SEED_IDEAS.findIndex((idea) => idea.key === key) + 1;
    await tx
      .insert(ideaAvailability)
      .values(personal.windows.map((w) => ({ ideaId, weekday: w.weekday, startMinute: w.start, endMinute: w.end })));
    await tx
      .insert(ideaBlockedDays)
      .values(
        personal.blockedDayOffsets.map((offset) => ({ ideaId, day: localDay(localDeparture(now, offset, '12:00')) })),
      );
  }
}

const DAY_MS = 24 * 60 * 60 * 1000;
/** Ended trips of the demo traveller that wait for a review. */
export const DEMO_TRAVELLER_TRIPS = 6;

/**
 * Past departures with bookings and reviews (seed/reviews.ts), the ideas' rating and count from them, and the demo
 * traveller with two ended trips still waiting for a review. Ids are explicit, so the rows need no round trip.
 */
async function seedReviews(tx: SeedTx, now: Date, peopleCount: number, travellerHash: string): Promise<void> {
  const travellers = [DEMO_TRAVELLER, ...SEED_TRAVELLERS];
  const firstTravellerId = peopleCount + 1;
  await tx.insert(users).values(
    travellers.map((t, i) => ({
      id: firstTravellerId + i,
      hid: toHid(firstTravellerId + i),
      name: t.name,
      email: t.email,
      // Only the demo traveller signs in; the reviewers are names on reviews.
      passwordHash: i === 0 ? travellerHash : null,
    })),
  );
  await tx.insert(profiles).values(
    travellers.map((_, i) => ({
      id: firstTravellerId + i,
      hid: toHid(firstTravellerId + i),
      userId: firstTravellerId + i,
    })),
  );
  const travellerId = (index: number) => firstTravellerId + 1 + index;

  let dateId = SEED_IDEAS.reduce((sum, idea) => sum + idea.dayOffsets.length, 0);
  let bookingId = 0;
  const dateRows: (typeof ideaDates.$inferInsert)[] = [];
  const bookingRows: (typeof bookings.$inferInsert)[] = [];
  const reviewRows: (typeof reviews.$inferInsert)[] = [];
  const pastDeparture = (idea: SeedIdea, index: number, daysAgo: number, seatsTaken: number) => {
    const { startsAt, localStartMinute } = departureStart(now, -daysAgo, idea.startTime);
    dateRows.push({
      id: ++dateId,
      ideaId: index + 1,
      startsAt,
      localStartMinute,
      seatsTotal: idea.seatsPerDate,
      seatsLeft: Math.max(0, idea.seatsPerDate - seatsTaken),
    });
    return { id: dateId, startsAt };
  };
  const book = (idea: SeedIdea, index: number, departureId: number, userId: number, adults: number, at: Date) => {
    bookingRows.push({
      id: ++bookingId,
      hid: toHid(bookingId),
      userId,
      ideaId: index + 1,
      ideaDateId: departureId,
      adults,
      total: adults * idea.price,
      currency: 'RUB',
      // Every traveller leaves a number at booking; a made-up one per traveller, in Vladivostok's +7 914 range.
      contact: {
        name: travellers[userId - firstTravellerId].name,
        phone: `+7914${String(5550000 + userId).padStart(7, '0')}`,
      },
      createdAt: at,
    });
    return bookingId;
  };

  for (const [index, idea] of SEED_IDEAS.entries()) {
    const departures = new Map<number, { id: number; startsAt: Date }>();
    const list = reviewsFor(idea, index);
    for (const review of list) {
      let departure = departures.get(review.daysAgo);
      if (!departure) {
        const taken = list.filter((r) => r.daysAgo === review.daysAgo).reduce((sum, r) => sum + r.adults, 0);
        departure = pastDeparture(idea, index, review.daysAgo, taken);
        departures.set(review.daysAgo, departure);
      }
      const booked = book(
        idea,
        index,
        departure.id,
        travellerId(review.traveller),
        review.adults,
        new Date(departure.startsAt.getTime() - 20 * DAY_MS),
      );
      const ended = departure.startsAt.getTime() + idea.durationMinutes * 60_000;
      const written = new Date(Math.min(ended + review.writtenAfterDays * DAY_MS, now.getTime() - 3_600_000));
      reviewRows.push({
        id: reviewRows.length + 1,
        hid: toHid(reviewRows.length + 1),
        ideaId: index + 1,
        bookingId: booked,
        authorId: travellerId(review.traveller),
        rating: review.rating,
        text: review.text,
        language: detectTextLanguage(review.text, 'ru'),
        replyText: review.reply,
        repliedAt: review.reply ? new Date(Math.min(written.getTime() + DAY_MS, now.getTime() - 60_000)) : null,
        createdAt: written,
      });
    }
  }
  // The demo traveller's ended trips, a few days ago: the first six published ideas (demos and the e2e journeys).
  let demoTrips = 0;
  for (const [index, idea] of SEED_IDEAS.entries()) {
    if (idea.status !== 'published' || demoTrips++ >= DEMO_TRAVELLER_TRIPS) continue;
    const departure = pastDeparture(idea, index, Math.ceil(idea.durationMinutes / 1440) + 2, 2);
    book(idea, index, departure.id, firstTravellerId, 2, new Date(departure.startsAt.getTime() - 10 * DAY_MS));
  }

  await tx.insert(ideaDates).values(dateRows);
  await tx.insert(bookings).values(bookingRows);
  await tx.insert(reviews).values(reviewRows);
  await tx.execute(sql`UPDATE ideas SET rating = s.rating, reviews_count = s.count
    FROM (SELECT idea_id, round(avg(rating)::numeric, 1)::float8 AS rating, count(*)::int AS count
          FROM reviews WHERE hidden_at IS NULL GROUP BY idea_id) s
    WHERE ideas.id = s.idea_id`);
  // The rating sort's Bayesian average (bayesianRating of lib/reviews/rules.ts), in one statement for every idea.
  await tx.execute(sql`UPDATE ideas SET rating_score = (s.total + m.mean * ${RATING_PRIOR_REVIEWS}) / (s.count + ${RATING_PRIOR_REVIEWS})
    FROM (SELECT idea_id, sum(rating)::float8 AS total, count(*) AS count FROM reviews WHERE hidden_at IS NULL GROUP BY idea_id) s,
         (SELECT avg(rating)::float8 AS mean FROM reviews WHERE hidden_at IS NULL) m
    WHERE ideas.id = s.idea_id`);
}
