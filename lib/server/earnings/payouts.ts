import 'server-only';
import { and, eq } from 'drizzle-orm';
import type { MonthQuery, PayoutBody, PayoutLine, PayoutsResponse } from '@/lib/contract/earnings';
import { owedByPlatform } from '@/lib/earnings/earnings';
import type { TextLanguage } from '@/lib/i18n/text-languages';
import { localMonth } from '@/lib/time/local-month';
import type { Moderator } from '../accounts/viewer';
import { writeAudit } from '../audit/audit-log';
import { getDb, transaction } from '../db';
import { isUniqueViolation } from '../db/errors';
import { payouts, users } from '../db/schema';
import { ApiError, notFound } from '../http/problem';
import { env } from '../platform/env';
import { paidBookingsOf } from './paid-bookings';

const periodOf = (month: string) => `${month}-01`;

/**
 * Per guide and currency, what the platform owes for a month's trips paid in full online (each booking's
 * `owedByPlatform` less its refunds, never below zero), and what was already marked paid. Guides whose month
 * owes nothing and was paid nothing are left out.
 */
async function payoutLines(month: string, language: TextLanguage, guideId?: number): Promise<PayoutLine[]> {
  const paid = await paidBookingsOf(month, language, guideId);
  const lines = new Map<string, PayoutLine>();
  for (const { line, earning, guide } of paid) {
    const key = `${guide.id}:${line.currency}`;
    const entry = lines.get(key) ?? {
      guide_id: guide.id,
      guide_hid: guide.hid,
      guide_name: guide.name,
      currency: line.currency,
      bookings: 0,
      owed: 0,
      paid_out: null,
      reference: null,
      paid_at: null,
    };
    entry.bookings++;
    entry.owed += owedByPlatform(earning);
    lines.set(key, entry);
  }
  const db = await getDb();
  const made = await db
    .select({ payout: payouts, guide: users })
    .from(payouts)
    .innerJoin(users, eq(users.id, payouts.guideId))
    .where(and(eq(payouts.period, periodOf(month)), guideId === undefined ? undefined : eq(payouts.guideId, guideId)));
  for (const { payout, guide } of made) {
    const key = `${guide.id}:${payout.currency}`;
    lines.set(key, {
      ...(lines.get(key) ?? {
        guide_id: guide.id,
        guide_hid: guide.hid,
        guide_name: guide.name,
        currency: payout.currency,
        bookings: 0,
        owed: 0,
      }),
      paid_out: payout.amount,
      reference: payout.reference,
      paid_at: payout.createdAt.toISOString(),
    });
  }
  return [...lines.values()]
    .filter((line) => line.owed > 0 || line.paid_out !== null)
    .sort((a, b) => a.guide_name.localeCompare(b.guide_name) || a.currency.localeCompare(b.currency));
}

/** GET /office/payouts (moderators and admins): the month's payouts owed and made. */
export async function listPayouts(
  query: MonthQuery,
  language: TextLanguage,
  now = new Date(),
): Promise<PayoutsResponse> {
  const month = query.month ?? localMonth(now);
  return { data: await payoutLines(month, language), meta: { month, payment_mode: env().PAYMENT_MODE } };
}

/**
 * POST /office/payouts: marks what the platform owes a guide for a month as paid, with the bank's reference.
 * The amount is the server's own sum, one payout per currency owed; each is written with its audit row in one
 * transaction. A month already marked (or being marked at the same moment) is a 409; nothing owed is a 409 too.
 */
export async function markPayout(
  body: PayoutBody,
  moderator: Moderator,
  language: TextLanguage,
): Promise<PayoutLine[]> {
  const [guide] = await (await getDb()).select({ id: users.id }).from(users).where(eq(users.id, body.guide_id));
  if (!guide) throw notFound('There is no such guide.');
  const lines = await payoutLines(body.month, language, guide.id);
  // Lines are listed only when something is owed or was paid: the unpaid ones are each owed something.
  const due = lines.filter((line) => line.paid_out === null);
  if (!due.length) {
    const marked = lines.some((line) => line.paid_out !== null);
    throw new ApiError(
      409,
      'Conflict',
      marked
        ? 'This month is already marked paid for this guide.'
        : 'The platform owes this guide nothing for this month.',
    );
  }
  try {
    await transaction(async (tx) => {
      for (const line of due) {
        const [payout] = await tx
          .insert(payouts)
          .values({
            guideId: guide.id,
            period: periodOf(body.month),
            amount: line.owed,
            currency: line.currency,
            reference: body.reference,
            createdBy: moderator.id,
          })
          .returning();
        await writeAudit(tx, {
          actorId: moderator.id,
          action: 'payout.created',
          subjectType: 'payout',
          subjectId: payout.id,
          details: {
            guide_id: guide.id,
            month: body.month,
            amount: payout.amount,
            currency: payout.currency,
            reference: payout.reference,
          },
        });
      }
    });
  } catch (error) {
    if (isUniqueViolation(error, 'payouts_guide_period_currency_key'))
      throw new ApiError(409, 'Conflict', 'This month is already marked paid for this guide.');
    throw error;
  }
  return payoutLines(body.month, language, guide.id);
}
