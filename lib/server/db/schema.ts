import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  customType,
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

/** Text stored per language; `ru` is always present, `en` and `zh` fall back to it when empty. */
export type LocalizedText = { ru: string; en?: string; zh?: string };

export const USER_ROLES = ['user', 'moderator', 'admin'] as const;
export type UserRole = (typeof USER_ROLES)[number];

export const IDEA_STATUSES = ['draft', 'not-moderated', 'published', 'refused'] as const;
export type IdeaStatus = (typeof IDEA_STATUSES)[number];

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

export const users = pgTable('users', {
  id: serial('id').primaryKey(),
  hid: text('hid').notNull().unique(),
  name: text('name').notNull(),
  email: text('email').unique(),
  /** The confirmed number: the only one phone sign-in finds, held by at most one account. */
  phone: text('phone').unique(),
  /** A number waiting for its code to be confirmed; never used for sign-in, and any account may wait for any number. */
  pendingPhone: text('pending_phone'),
  passwordHash: text('password_hash'),
  role: text('role', { enum: USER_ROLES }).notNull().default('user'),
  /** Storage key of the avatar (see lib/server/platform/storage), or null for the default icon. */
  avatarKey: text('avatar_key'),
  /** The language of the emails sent to this user ('ru', 'en', 'zh'): set at registration and sign-in. */
  locale: text('locale', { enum: ['ru', 'en', 'zh'] })
    .notNull()
    .default('ru'),
  /** Set by an operator (`npm run user -- block`): no sign-in, and every token of the account stops working. */
  blockedAt: timestamp('blocked_at', { withTimezone: true }),
  ...timestamps,
});

export const profiles = pgTable('profiles', {
  id: serial('id').primaryKey(),
  hid: text('hid').notNull().unique(),
  userId: integer('user_id')
    .notNull()
    .unique()
    .references(() => users.id, { onDelete: 'cascade' }),
  about: jsonb('about').$type<LocalizedText>().notNull().default({ ru: '' }),
  ...timestamps,
});

/** The place tree; parent_id 0 is the top level (not a foreign key). Vladivostok is id 7. */
export const places = pgTable(
  'places',
  {
    id: serial('id').primaryKey(),
    parentId: integer('parent_id').notNull().default(0),
    title: jsonb('title').$type<LocalizedText>().notNull(),
    /** Lower-cased titles in every language, for search by name. */
    searchText: text('search_text').notNull(),
    lat: doublePrecision('lat'),
    lon: doublePrecision('lon'),
    popularity: integer('popularity').notNull().default(0),
    /** Set for places saved from the map search (Nominatim), e.g. "N123456". */
    osmId: text('osm_id').unique(),
    ...timestamps,
  },
  (t) => [index('places_parent_idx').on(t.parentId)],
);

export const categories = pgTable(
  'categories',
  {
    id: integer('id').primaryKey(),
    title: jsonb('title').$type<LocalizedText>().notNull(),
    color: smallint('color').notNull(),
  },
  (t) => [check('categories_color_range', sql`${t.color} between 1 and 8`)],
);

export const ideaTypes = pgTable('idea_types', {
  id: integer('id').primaryKey(),
  title: jsonb('title').$type<LocalizedText>().notNull(),
});

export const currencies = pgTable('currencies', {
  code: text('code').primaryKey(),
  symbol: text('symbol').notNull(),
  name: jsonb('name').$type<LocalizedText>().notNull(),
  decimals: smallint('decimals').notNull().default(2),
  /** Roubles per one unit of this currency. */
  rate: doublePrecision('rate').notNull(),
});

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
    index('ideas_published_rating_idx').on(t.rating.desc().nullsLast(), t.id.desc()).where(PUBLISHED),
    index('ideas_published_departure_days_idx').using('gist', t.departureDays).where(PUBLISHED),
    index('ideas_published_search_idx').using('gin', t.searchVector).where(PUBLISHED),
    index('ideas_published_title_trgm_idx').using('gin', t.searchTitle.op('gin_trgm_ops')).where(PUBLISHED),
    index('ideas_published_title_search_idx').using('gin', t.searchTitleVector).where(PUBLISHED),
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
  },
  (t) => [
    index('idea_dates_idea_idx').on(t.ideaId, t.startsAt),
    index('idea_dates_starts_idx').on(t.startsAt, t.ideaId),
    check('idea_dates_seats', sql`${t.seatsLeft} >= 0 and ${t.seatsLeft} <= ${t.seatsTotal}`),
  ],
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

/**
 * One row whose `version` goes up with every write to the content that API answers are made of
 * (statement-level triggers, see the content_version migration). Cached answers are keyed by it, so
 * every process sees a change at once.
 */
export const contentVersion = pgTable('content_version', {
  id: integer('id').primaryKey(),
  version: bigint('version', { mode: 'number' }).notNull(),
});

/** Refresh sessions: one row per issued refresh token, stored hashed; rotation chains share a family. */
export const sessions = pgTable(
  'sessions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    familyId: text('family_id').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Set when this token was exchanged for the next one; presenting it again revokes the family. */
    rotatedAt: timestamp('rotated_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    userAgent: text('user_agent'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // sessions_expires_idx: the purge (services/purge.ts) finds ended sessions without a scan.
  (t) => [
    index('sessions_family_idx').on(t.familyId),
    index('sessions_user_idx').on(t.userId),
    index('sessions_expires_idx').on(t.expiresAt),
  ],
);

/** Fixed-window counters shared by every app process (rate limits). */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').primaryKey(),
    count: integer('count').notNull(),
    resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('rate_limits_reset_idx').on(t.resetAt)],
);

/** A code sent by SMS, stored hashed, 5 attempts, 5 minutes: a sign-in, or (with `user_id`) attaching the number to that account. */
export const phoneVerifications = pgTable(
  'phone_verifications',
  {
    id: text('id').primaryKey(),
    phone: text('phone').notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    resendAfter: timestamp('resend_after', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('phone_verifications_phone_idx').on(t.phone, t.createdAt.desc()),
    index('phone_verifications_expires_idx').on(t.expiresAt),
  ],
);

/** Messages of the `outbox` SMS driver (tests and local development read codes from here). */
export const smsOutbox = pgTable(
  'sms_outbox',
  {
    id: serial('id').primaryKey(),
    phone: text('phone').notNull(),
    text: text('text').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sms_outbox_created_idx').on(t.createdAt)],
);

export const BOOKING_STATUSES = ['confirmed', 'cancelled'] as const;

/** A booking of seats on one departure. Totals are computed on the server at booking time. */
export const bookings = pgTable(
  'bookings',
  {
    id: serial('id').primaryKey(),
    hid: text('hid').notNull().unique(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    ideaId: integer('idea_id')
      .notNull()
      .references(() => ideas.id),
    ideaDateId: integer('idea_date_id')
      .notNull()
      .references(() => ideaDates.id),
    adults: integer('adults').notNull(),
    children: integer('children').notNull().default(0),
    total: integer('total').notNull(),
    currency: text('currency')
      .notNull()
      .references(() => currencies.code),
    status: text('status', { enum: BOOKING_STATUSES }).notNull().default('confirmed'),
    contact: jsonb('contact').$type<{ name: string; phone?: string; email?: string; comment?: string }>().notNull(),
    /** The idea's policy when the booking was made: a later edit of the idea does not change this booking's terms. */
    cancellationPolicy: text('cancellation_policy', { enum: CANCELLATION_POLICIES }).notNull().default('free_24h'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    /** When the "how was your trip?" email was queued (lib/server/reviews/invitations.ts); null until then. */
    reviewInvitedAt: timestamp('review_invited_at', { withTimezone: true }),
  },
  (t) => [
    index('bookings_user_idx').on(t.userId, t.createdAt.desc()),
    index('bookings_idea_idx').on(t.ideaId),
    // The invitation sweep reads only confirmed bookings not yet invited, by departure.
    index('bookings_review_invite_idx')
      .on(t.ideaDateId)
      .where(sql`status = 'confirmed' and review_invited_at is null`),
  ],
);

/**
 * Ideas a user saved (the heart on cards and idea pages). Ideas are soft-deleted, so a saved idea that is deleted or
 * no longer published stays here and simply is not listed; it comes back if the idea is published again.
 */
export const favourites = pgTable(
  'favourites',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    ideaId: integer('idea_id')
      .notNull()
      .references(() => ideas.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.ideaId] }),
    index('favourites_user_created_idx').on(t.userId, t.createdAt.desc()),
    index('favourites_idea_idx').on(t.ideaId),
  ],
);

/**
 * A traveller's review of an idea, one per booking, written after that booking's departure has ended (and it was
 * not cancelled). The idea's author may reply once; a moderator may hide it (with a reason), which takes it out
 * of the idea's rating and of every list.
 */
export const reviews = pgTable(
  'reviews',
  {
    id: serial('id').primaryKey(),
    hid: text('hid').notNull().unique(),
    ideaId: integer('idea_id')
      .notNull()
      .references(() => ideas.id, { onDelete: 'cascade' }),
    bookingId: integer('booking_id')
      .notNull()
      .unique()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    authorId: integer('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    rating: smallint('rating').notNull(),
    text: text('text').notNull(),
    replyText: text('reply_text'),
    repliedAt: timestamp('replied_at', { withTimezone: true }),
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    hiddenBy: integer('hidden_by').references(() => users.id),
    hiddenReason: text('hidden_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('reviews_idea_visible_idx')
      .on(t.ideaId, t.createdAt.desc(), t.id.desc())
      .where(sql`hidden_at is null`),
    index('reviews_author_idx').on(t.authorId),
    check('reviews_rating_range', sql`${t.rating} between 1 and 5`),
  ],
);

/**
 * Emails waiting to be sent (lib/server/mail/queue.ts): written, already rendered, in the same transaction as
 * the change that causes them, and sent by a worker in every app process. A worker claims a row by setting
 * `locked_until` (a lease) under `FOR UPDATE SKIP LOCKED`; a failed send is tried again after an exponential pause.
 */
export const emailQueue = pgTable(
  'email_queue',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').notNull(),
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    /** Attachments as text (e.g. an .ics calendar event): `{ filename, contentType, content }`. */
    attachments: jsonb('attachments')
      .$type<{ filename: string; contentType: string; content: string }[]>()
      .notNull()
      .default([]),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** Set when the last attempt failed: the row is kept for a look, never sent again. */
    failedAt: timestamp('failed_at', { withTimezone: true }),
    /**
     * Set (with `failed_at`, so that the worker and the purge treat the row as done) when the row was dropped
     * unsent because its recipient had reached the cap of unrequested emails (queue.ts, RECIPIENT_CAP).
     */
    skippedAt: timestamp('skipped_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('email_queue_due_idx')
      .on(t.nextAttemptAt, t.id)
      .where(sql`sent_at is null and failed_at is null`),
    // The purge (db/purge.ts) finds rows done for a week without a scan.
    index('email_queue_done_idx').on(sql`coalesce(sent_at, failed_at)`),
  ],
);

/** Messages of the `outbox` email driver (tests and local development read them from here). */
export const emailOutbox = pgTable(
  'email_outbox',
  {
    id: serial('id').primaryKey(),
    queueId: integer('queue_id'),
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    attachments: jsonb('attachments')
      .$type<{ filename: string; contentType: string; content: string }[]>()
      .notNull()
      .default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('email_outbox_recipient_idx').on(t.recipient, t.id), index('email_outbox_created_idx').on(t.createdAt)],
);

/** A password-reset link's token, stored hashed: single use, valid for an hour. */
export const passwordResets = pgTable(
  'password_resets',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('password_resets_user_idx').on(t.userId), index('password_resets_expires_idx').on(t.expiresAt)],
);

/**
 * A link that confirms an email address for an account (lib/server/accounts/email-confirmation.ts): its token
 * stored hashed, single use, valid for a day. Only once it is opened does the address become `users.email`.
 */
export const emailConfirmations = pgTable(
  'email_confirmations',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The address the link was sent to (lower case). */
    email: text('email').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('email_confirmations_user_idx').on(t.userId, t.createdAt.desc()),
    index('email_confirmations_expires_idx').on(t.expiresAt),
  ],
);

/**
 * One row naming this database: a fresh database gets a generation of its own, and a restore gives it a new one
 * (lib/server/ops/backup.ts). Pages cached from another generation are dropped at start-up
 * (lib/server/cache/database-generation.ts), so no page outlives the data it showed.
 */
export const databaseIdentity = pgTable('database_identity', {
  id: smallint('id').primaryKey().default(1),
  generation: text('generation')
    .notNull()
    .default(sql`gen_random_uuid()::text`),
});
