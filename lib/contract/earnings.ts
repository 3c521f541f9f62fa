import { z } from 'zod';
import { MAX_PAYOUT_REFERENCE } from '@/lib/earnings/earnings';
import { MONTH_PATTERN } from '@/lib/time/local-month';
import { bodyId } from './common';

/** The guide's earnings (/office/earnings) and the platform's payouts to guides (/office/payouts). */

const month = z.string({ error: 'Use a month like 2026-11.' }).regex(MONTH_PATTERN, 'Use a month like 2026-11.');

export const monthQuery = z.object({
  month: month.optional().describe('A Vladivostok month, YYYY-MM; default the current one'),
});
export type MonthQuery = z.infer<typeof monthQuery>;

const minor = z.number().int().describe('Minor units of the currency (kopecks, cents)');
const refundStatus = z.enum(['pending', 'succeeded', 'failed']);

/** The money columns of an earning and of the totals; all in minor units of `currency`. */
const money = {
  currency: z.string(),
  gross: minor.describe('The booking total, minor units'),
  paid_online: minor.describe('What the traveller paid online (succeeded payments), minor units'),
  commission: minor.describe("The platform's commission, minor units"),
  refunded: minor.describe('Refunds the gateway made, minor units'),
  refund_pending: minor.describe('Refunds asked for and not yet made, minor units'),
  guide_receives: minor.describe(
    'What the guide gets: from the traveller on the day (prepay) or from the platform (full), minor units',
  ),
};

export const earningLine = z.object({
  booking_hid: z.string(),
  status: z.string().describe("The booking's state"),
  starts_at: z.iso.datetime({ offset: true }),
  /** The trip's local (Vladivostok) day. */
  day: z.string(),
  idea_hid: z.string(),
  idea_title: z.string(),
  traveller_name: z.string(),
  adults: z.number().int(),
  children: z.number().int(),
  mode: z.enum(['prepay', 'full']).describe('`full` when the online payment covered the whole total'),
  ...money,
  refunds: z.array(z.object({ amount: minor, status: refundStatus })),
});
export type EarningLine = z.infer<typeof earningLine>;

export const earningsResponse = z.object({
  data: z.array(earningLine),
  meta: z.object({
    month: z.string(),
    /** The server's PAYMENT_MODE: the page explains how the guide is paid. */
    payment_mode: z.enum(['prepay', 'full']),
    totals: z.array(z.object(money)).describe('One line per currency'),
  }),
});
export type EarningsResponse = z.infer<typeof earningsResponse>;

export const payoutLine = z.object({
  guide_id: z.number().int(),
  guide_hid: z.string(),
  guide_name: z.string(),
  currency: z.string(),
  bookings: z.number().int().describe('Paid bookings of the month counted'),
  owed: minor.describe('What the platform owes the guide for the month: full-mode bookings less refunds'),
  paid_out: minor.nullable().describe('What was marked paid, or null'),
  reference: z.string().nullable(),
  paid_at: z.iso.datetime({ offset: true }).nullable(),
});
export type PayoutLine = z.infer<typeof payoutLine>;

export const payoutsResponse = z.object({
  data: z.array(payoutLine),
  meta: z.object({ month: z.string(), payment_mode: z.enum(['prepay', 'full']) }),
});
export type PayoutsResponse = z.infer<typeof payoutsResponse>;

export const payoutBody = z.strictObject({
  guide_id: bodyId,
  month,
  reference: z
    .string({ error: 'Give the payment reference.' })
    .trim()
    .min(1, 'Give the payment reference.')
    .max(MAX_PAYOUT_REFERENCE, `At most ${MAX_PAYOUT_REFERENCE} characters.`),
});
export type PayoutBody = z.infer<typeof payoutBody>;

export const payoutCreated = z.object({ data: z.array(payoutLine) });
