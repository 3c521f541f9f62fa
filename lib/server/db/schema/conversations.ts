import { sql } from 'drizzle-orm';
import { bigserial, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { ideas } from './ideas';
import { bookings } from './bookings';

/** One traveller and one guide about one idea: "Ask the guide" opens it, and every booking of the pair shares it. */
export const conversations = pgTable(
  'conversations',
  {
    id: serial('id').primaryKey(),
    hid: text('hid').notNull().unique(),
    ideaId: integer('idea_id')
      .notNull()
      .references(() => ideas.id),
    travellerId: integer('traveller_id')
      .notNull()
      .references(() => users.id),
    guideId: integer('guide_id')
      .notNull()
      .references(() => users.id),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }).notNull().defaultNow(),
    /** The last message each side has read (its id); messages after it are unread for that side. */
    travellerReadId: integer('traveller_read_id').notNull().default(0),
    guideReadId: integer('guide_read_id').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('conversations_pair_idx').on(t.ideaId, t.travellerId),
    index('conversations_traveller_idx').on(t.travellerId, t.lastMessageAt.desc()),
    index('conversations_guide_idx').on(t.guideId, t.lastMessageAt.desc()),
  ],
);

export const MESSAGE_KINDS = ['text', 'system'] as const;

/**
 * A message as written (`text` is the original, kept for moderators); the other side reads it masked until a
 * booking of the pair is confirmed. System messages (`kind = 'system'`) record a booking's changes: `event`
 * names what happened, and the text is rendered per reader's language from it.
 */
export const messages = pgTable(
  'messages',
  {
    id: serial('id').primaryKey(),
    hid: text('hid').notNull().unique(),
    conversationId: integer('conversation_id')
      .notNull()
      .references(() => conversations.id),
    /** Null for system messages. */
    senderId: integer('sender_id').references(() => users.id),
    kind: text('kind', { enum: MESSAGE_KINDS }).notNull().default('text'),
    text: text('text').notNull(),
    event: jsonb('event').$type<{ type: string; bookingHid?: string; reason?: string; [key: string]: unknown }>(),
    bookingId: integer('booking_id').references(() => bookings.id),
    /** Set by a moderator: the message is no longer shown to the other side. */
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('messages_conversation_idx').on(t.conversationId, t.id.desc())],
);

/** A message reported to moderators by the side that received it. */
export const messageReports = pgTable(
  'message_reports',
  {
    id: serial('id').primaryKey(),
    messageId: integer('message_id')
      .notNull()
      .references(() => messages.id),
    reporterId: integer('reporter_id')
      .notNull()
      .references(() => users.id),
    reason: text('reason').notNull().default(''),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    resolvedBy: integer('resolved_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('message_reports_once_idx').on(t.messageId, t.reporterId),
    index('message_reports_open_idx')
      .on(t.createdAt)
      .where(sql`resolved_at is null`),
  ],
);

/**
 * What a signed-in user's open event streams (GET /api/v1/events) are told: a new message, a read marker, a
 * booking's change. The id is the stream's event id, so a reconnecting stream resumes after `Last-Event-ID`;
 * rows are kept a day (db/purge.ts).
 */
export const userEvents = pgTable(
  'user_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('user_events_user_idx').on(t.userId, t.id), index('user_events_created_idx').on(t.createdAt)],
);
