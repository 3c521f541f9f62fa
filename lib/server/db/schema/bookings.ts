import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { CANCELLATION_POLICIES } from '@/lib/bookings/cancellation';
import { users } from './accounts';
import { currencies } from './catalog';
import { ideas, ideaDates } from './ideas';

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
