import { date, index, integer, jsonb, pgTable, serial, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { currencies } from './catalog';

/**
 * What the platform paid a guide for one Vladivostok month of trips paid in full online (PAYMENT_MODE=full), in
 * minor units: marked by a moderator or admin with the bank's reference. Once per guide, month and currency.
 */
export const payouts = pgTable(
  'payouts',
  {
    id: serial('id').primaryKey(),
    guideId: integer('guide_id')
      .notNull()
      .references(() => users.id),
    /** The month's first day (`YYYY-MM-01`). */
    period: date('period', { mode: 'string' }).notNull(),
    /** Computed by the server from the month's paid bookings when marked; never taken from the client. */
    amount: integer('amount').notNull(),
    currency: text('currency')
      .notNull()
      .references(() => currencies.code),
    reference: text('reference').notNull(),
    createdBy: integer('created_by')
      .notNull()
      .references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('payouts_guide_period_currency_key').on(t.guideId, t.period, t.currency)],
);

/** Who changed what, and when: one row per change of money (payouts), written in the change's transaction. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: serial('id').primaryKey(),
    actorId: integer('actor_id').references(() => users.id),
    /** What happened: `payout.created`… */
    action: text('action').notNull(),
    subjectType: text('subject_type').notNull(),
    subjectId: integer('subject_id').notNull(),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('audit_log_subject_idx').on(t.subjectType, t.subjectId)],
);
