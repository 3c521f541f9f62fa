import { index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { timestamps, type LocalizedText } from './common';
import type { NotificationSettings } from '@/lib/contract/notification-settings';

export const USER_ROLES = ['user', 'moderator', 'admin'] as const;
export type UserRole = (typeof USER_ROLES)[number];

export const users = pgTable('users', {
  id: serial('id').primaryKey(),
  hid: text('hid').notNull().unique(),
  name: text('name').notNull(),
  email: text('email').unique(),
  /** The confirmed number: the only one phone sign-in finds, held by at most one account. */
  phone: text('phone').unique(),
  /** A number waiting for its code to be confirmed; never used for sign-in, and any account may wait for any number. */
  pendingPhone: text('pending_phone'),
  /** The guide's own spelling of their name in Latin and in Chinese: shown on en and cn pages over a transliteration. */
  nameLatin: text('name_latin'),
  nameZh: text('name_zh'),
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
  /** Set by a moderator: the account may read its conversations but not write in them. */
  messagingBlockedAt: timestamp('messaging_blocked_at', { withTimezone: true }),
  /** Which emails the user wants (lib/contract/notification-settings.ts); marketing is off until they opt in. */
  notificationSettings: jsonb('notification_settings')
    .$type<NotificationSettings>()
    .notNull()
    .default({ messages: true, bookings: true, reminders: true, marketing: false }),
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
