import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { CANCELLATION_POLICIES } from '@/lib/bookings/cancellation';
import { BOOKING_STATES, type BookingState } from '@/lib/bookings/states';
import { users } from './accounts';
import { currencies } from './catalog';
import { ideas, ideaDates } from './ideas';

/**
 * A booking's states (docs/booking-states.md and lib/bookings/states.ts say who may move each): `requested`
 * waits for the guide of an on-request idea, holding its seats until `respond_by`; `declined` and `expired` end
 * a request; `awaiting_payment` is held while the traveller pays online (issue 40).
 */
export const BOOKING_STATUSES = BOOKING_STATES;
export type BookingStatus = BookingState;
/** Who ended a booking: shown with the reason on both sides. */
export const BOOKING_ENDED_BY = ['traveller', 'guide', 'moderation', 'system'] as const;

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
    /** A request's deadline: unanswered by then, it expires and gives its seats back. */
    respondBy: timestamp('respond_by', { withTimezone: true }),
    /** When the guide accepted or declined a request (the idea page's "usually answers within" reads it). */
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    /** Who cancelled, declined or expired it, and their words (a guide's reason is shown to the traveller). */
    endedBy: text('ended_by', { enum: BOOKING_ENDED_BY }),
    endReason: text('end_reason'),
    /** When the "how was your trip?" email was queued (lib/server/reviews/invitations.ts); null until then. */
    reviewInvitedAt: timestamp('review_invited_at', { withTimezone: true }),
    /**
     * A private idea's booking: the time it holds, `[slot_start, slot_end)`, which no other holding booking of the
     * idea may overlap (an exclusion constraint, migration 0032); the traveller's proposed start, and the guide's
     * counter-proposal once made (the slot is then the guide's time).
     */
    slotStart: timestamp('slot_start', { withTimezone: true }),
    slotEnd: timestamp('slot_end', { withTimezone: true }),
    proposedStart: timestamp('proposed_start', { withTimezone: true }),
    counterStart: timestamp('counter_start', { withTimezone: true }),
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
