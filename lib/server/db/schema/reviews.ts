import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, serial, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { bookings } from './bookings';
import { ideas } from './ideas';
import type { TextLanguage } from '@/lib/i18n/text-languages';

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
    /** The language the text is written in (lib/reviews/language.ts): pages label and filter reviews by it. */
    language: text('language').$type<TextLanguage>().notNull().default('ru'),
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
    check('reviews_language_known', sql`${t.language} in ('ru', 'en', 'zh')`),
  ],
);
