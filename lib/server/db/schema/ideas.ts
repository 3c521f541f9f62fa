import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  customType,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { CANCELLATION_POLICIES } from '@/lib/bookings/cancellation';
import { DEFAULT_SLOT_STEP_MINUTES, IDEA_FORMATS } from '@/lib/bookings/private-slots';
import { users } from './accounts';
import { places, categories, ideaTypes, currencies } from './catalog';
import { timestamps, type LocalizedText } from './common';

export const IDEA_STATUSES = ['draft', 'not-moderated', 'published', 'refused'] as const;
export type IdeaStatus = (typeof IDEA_STATUSES)[number];

const PUBLISHED = sql`status = 'published' and deleted_at is null`;

/** PostgreSQL's `datemultirange` (drizzle has no column type for it), read as its text form. */
const dateMultirange = customType<{ data: string; driverData: string }>({ dataType: () => 'datemultirange' });

const tsvector = customType<{ data: string; driverData: string }>({ dataType: () => 'tsvector' });

/** An idea's text in one language for the full-text index: the configuration stems its words (Chinese: bigrams). */
const SEARCH_CONFIGS = [
  ['ru', 'russian'],
  ['en', 'english'],
  ['zh', 'simple'],
] as const;
const vectorOf = (column: string, weight: 'A' | 'B') =>
  SEARCH_CONFIGS.map(([language, config]) => {
    const text = `coalesce(${column}->>'${language}', '')`;
    return `setweight(to_tsvector('${config}'::regconfig, ${language === 'zh' ? `search_cjk(${text})` : text}), '${weight}')`;
  }).join(' || ');

export const BOOKING_MODES = ['instant', 'request'] as const;

export const ideas = pgTable(
  'ideas',
  {
    id: serial('id').primaryKey(),
    hid: text('hid').notNull().unique(),
    authorId: integer('author_id')
      .notNull()
      .references(() => users.id),
    placeId: integer('place_id').references(() => places.id),
    categoryId: integer('category_id').references(() => categories.id),
    ideaTypeId: integer('idea_type_id')
      .notNull()
      .default(4)
      .references(() => ideaTypes.id),
    status: text('status', { enum: IDEA_STATUSES }).notNull().default('draft'),
    refusalReason: text('refusal_reason'),
    title: jsonb('title').$type<LocalizedText>().notNull().default({ ru: '' }),
    description: jsonb('description').$type<LocalizedText>().notNull().default({ ru: '' }),
    includes: jsonb('includes').$type<LocalizedText>().notNull().default({ ru: '' }),
    /**
     * The `query` filter's full-text index: titles weigh A, descriptions and what is included B, each language
     * stemmed by its own configuration. `search_cjk` (migration 0018) splits Chinese into bigrams.
     */
    searchVector: tsvector('search_vector')
      .notNull()
      .generatedAlwaysAs(
        sql.raw(`${vectorOf('title', 'A')} || ${vectorOf('description', 'B')} || ${vectorOf('includes', 'B')}`),
      ),
    /**
     * The titles alone, as `searchVector` indexes them: small enough to stay in the row, so ranking the matches
     * of a search reads no TOASTed vector (lib/server/ideas/search.ts).
     */
    searchTitleVector: tsvector('search_title_vector')
      .notNull()
      .generatedAlwaysAs(sql.raw(vectorOf('title', 'A'))),
    /** The titles in every language, lower-cased: trigram similarity finds them despite a typo. */
    searchTitle: text('search_title')
      .notNull()
      .generatedAlwaysAs(
        sql.raw(
          `lower(coalesce(title->>'ru', '') || ' ' || coalesce(title->>'en', '') || ' ' || coalesce(title->>'zh', ''))`,
        ),
      ),
    /** Languages the guide speaks: 'ru', 'en', 'zh'. */
    languages: text('languages')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    durationMinutes: integer('duration_minutes'),
    lat: doublePrecision('lat'),
    lon: doublePrecision('lon'),
    /** Null only on drafts: submitting needs it. */
    cancellationPolicy: text('cancellation_policy', { enum: CANCELLATION_POLICIES }),
    /** Where the group meets, per language; submitting needs the Russian text. */
    meetingPoint: jsonb('meeting_point').$type<LocalizedText>().notNull().default({ ru: '' }),
    meetingLat: doublePrecision('meeting_lat'),
    meetingLon: doublePrecision('meeting_lon'),
    /** Whole units of `currency` per adult. */
    price: integer('price'),
    childPrice: integer('child_price'),
    currency: text('currency')
      .notNull()
      .default('RUB')
      .references(() => currencies.code),
    /** `instant`: a booking is confirmed at once; `request`: the guide accepts or declines it within `responseHours`. */
    bookingMode: text('booking_mode', { enum: BOOKING_MODES }).notNull().default('instant'),
    responseHours: integer('response_hours').notNull().default(24),
    /**
     * `group`: travellers book seats on the guide's departures, `price` per adult. `private`: a group of up to
     * `maxPersons` proposes a start within the weekly availability (idea_availability, minus idea_blocked_days),
     * `price` is for the whole group, and the booking holds its slot for everyone else.
     */
    format: text('format', { enum: IDEA_FORMATS }).notNull().default('group'),
    /** A private idea's start times are this many minutes apart within each window. */
    slotStepMinutes: integer('slot_step_minutes').notNull().default(DEFAULT_SLOT_STEP_MINUTES),
    minPersons: integer('min_persons').notNull().default(1),
    maxPersons: integer('max_persons').notNull().default(10),
    childrenAllowed: boolean('children_allowed').notNull().default(true),
    /** Denormalised from idea_dates: the earliest departure, for sorting and cards. */
    nextDateAt: timestamp('next_date_at', { withTimezone: true }),
    /**
     * Maintained from idea_dates by a trigger (migrations 0008 and 0011): the local (Vladivostok) days that
     * have a departure, as a multirange, so that a date filter is one range overlap per idea instead of a
     * lookup of its departures (or an overlap of two day arrays, element by element).
     */
    departureDays: dateMultirange('departure_days')
      .notNull()
      .default(sql`'{}'::datemultirange`),
    coverPhotoId: integer('cover_photo_id'),
    /** Average of the visible reviews, one decimal; null without reviews. Kept by lib/server/reviews in the review's transaction. */
    rating: doublePrecision('rating'),
    /** How many visible reviews the idea has. */
    reviewsCount: integer('reviews_count').notNull().default(0),
    /** What the rating sort orders by: the Bayesian average (lib/reviews/rules.ts), kept beside `rating`. */
    ratingScore: doublePrecision('rating_score'),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    // Listings read only published, undeleted ideas: partial indexes in the orders the listing sorts by.
    // Counting a listing is an index-only scan of ideas_published_counting_idx, (place, category, price)
    // carrying departure_days, which migration 0008 creates by hand: drizzle cannot declare INCLUDE columns.
    index('ideas_published_recent_idx').on(t.publishedAt.desc().nullsLast(), t.id.desc()).where(PUBLISHED),
    index('ideas_published_category_idx')
      .on(t.categoryId, t.publishedAt.desc().nullsLast(), t.id.desc())
      .where(PUBLISHED),
    index('ideas_published_price_idx').on(t.price, t.id).where(PUBLISHED),
    index('ideas_published_date_idx').on(t.nextDateAt, t.id).where(PUBLISHED),
    index('ideas_published_rating_score_idx').on(t.ratingScore.desc().nullsLast(), t.id.desc()).where(PUBLISHED),
    index('ideas_published_departure_days_idx').using('gist', t.departureDays).where(PUBLISHED),
    index('ideas_published_search_idx').using('gin', t.searchVector).where(PUBLISHED),
    index('ideas_published_title_trgm_idx').using('gin', t.searchTitle.op('gin_trgm_ops')).where(PUBLISHED),
    index('ideas_published_title_search_idx').using('gin', t.searchTitleVector).where(PUBLISHED),
    // A dated listing asks for the private ideas whose weekly availability fits (private-filter.ts): without this
    // index that subquery read every idea's row to find the few private ones (2.8 → 0.3 ms at 1 000 ideas).
    index('ideas_published_private_idx')
      .on(t.id)
      .where(sql`format = 'private' and status = 'published' and deleted_at is null`),
    index('ideas_status_idx').on(t.status, t.updatedAt.desc()),
    index('ideas_author_idx').on(t.authorId, t.updatedAt.desc()),
  ],
);

export const ideaDates = pgTable(
  'idea_dates',
  {
    id: serial('id').primaryKey(),
    ideaId: integer('idea_id')
      .notNull()
      .references(() => ideas.id, { onDelete: 'cascade' }),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    /** Minutes after local midnight (Asia/Vladivostok) of the start: the `time_of_day` filter reads it. */
    localStartMinute: smallint('local_start_minute').notNull(),
    seatsTotal: integer('seats_total').notNull(),
    seatsLeft: integer('seats_left').notNull(),
    /** A departure the guide cancelled (with the reason told to its travellers): no longer offered or booked. */
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    cancelReason: text('cancel_reason'),
  },
  (t) => [
    index('idea_dates_idea_idx').on(t.ideaId, t.startsAt),
    index('idea_dates_starts_idx').on(t.startsAt, t.ideaId),
    check('idea_dates_seats', sql`${t.seatsLeft} >= 0 and ${t.seatsLeft} <= ${t.seatsTotal}`),
  ],
);

/** A private idea's weekly availability: on `weekday` (ISO, 1 Monday), starts from `start_minute`, ending by `end_minute`. */
export const ideaAvailability = pgTable(
  'idea_availability',
  {
    id: serial('id').primaryKey(),
    ideaId: integer('idea_id')
      .notNull()
      .references(() => ideas.id, { onDelete: 'cascade' }),
    weekday: smallint('weekday').notNull(),
    startMinute: smallint('start_minute').notNull(),
    endMinute: smallint('end_minute').notNull(),
  },
  (t) => [
    index('idea_availability_idea_idx').on(t.ideaId, t.weekday),
    check(
      'idea_availability_window',
      sql`${t.weekday} between 1 and 7 and ${t.startMinute} >= 0 and ${t.endMinute} <= 1440 and ${t.startMinute} < ${t.endMinute}`,
    ),
  ],
);

/** Local (Vladivostok) days a private idea is not offered on. */
export const ideaBlockedDays = pgTable(
  'idea_blocked_days',
  {
    ideaId: integer('idea_id')
      .notNull()
      .references(() => ideas.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.ideaId, t.day] })],
);

export const ideaItineraries = pgTable(
  'idea_itineraries',
  {
    id: serial('id').primaryKey(),
    ideaId: integer('idea_id')
      .notNull()
      .references(() => ideas.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    title: jsonb('title').$type<LocalizedText>().notNull(),
    description: jsonb('description').$type<LocalizedText>().notNull().default({ ru: '' }),
    durationMinutes: integer('duration_minutes'),
  },
  (t) => [index('idea_itineraries_idea_idx').on(t.ideaId, t.position)],
);

export const photos = pgTable(
  'photos',
  {
    id: serial('id').primaryKey(),
    ideaId: integer('idea_id').references(() => ideas.id, { onDelete: 'cascade' }),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id),
    /** Storage key; the files are `<key>-cover.webp` (466×350) and `<key>-large.webp`. */
    storageKey: text('storage_key').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    position: integer('position').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('photos_key_idx').on(t.storageKey), index('photos_idea_idx').on(t.ideaId, t.position)],
);

/**
 * How many published ideas each (place, category) holds, kept by statement-level triggers on ideas (see the
 * listing_counts migration): a listing filtered by place and category only counts from here, not over the ideas.
 * An idea without a place or category is counted under 0.
 */
export const listingCounts = pgTable(
  'listing_counts',
  {
    placeId: integer('place_id').notNull(),
    categoryId: integer('category_id').notNull(),
    ideas: integer('ideas').notNull(),
  },
  (t) => [primaryKey({ columns: [t.placeId, t.categoryId] })],
);
