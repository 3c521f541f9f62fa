import 'server-only';
import { and, asc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import type { EarningLine } from '@/lib/contract/earnings';
import { earningOf, type Earning } from '@/lib/earnings/earnings';
import type { TextLanguage } from '@/lib/i18n/text-languages';
import { localDay } from '@/lib/time/local-time';
import { localMonthRange } from '@/lib/time/local-month';
import { getDb } from '../db';
import { pick } from '../db/localized';
import { bookings, ideaDates, ideas, payments, refunds, users } from '../db/schema';
import { env } from '../platform/env';

const succeededPayment = and(eq(payments.bookingId, bookings.id), eq(payments.status, 'succeeded'));
const paidOnline = sql<number>`(select coalesce(sum(${payments.amount}), 0)::int from ${payments} where ${succeededPayment})`;

export interface PaidBooking {
  line: EarningLine;
  earning: Earning;
  guide: { id: number; hid: string; name: string };
}

/**
 * The paid bookings (at least one succeeded payment) of trips starting in a Vladivostok month, of one guide's
 * ideas or of everyone's, with their refunds and what they bring each side. In trip order.
 */
export async function paidBookingsOf(month: string, language: TextLanguage, guideId?: number): Promise<PaidBooking[]> {
  const db = await getDb();
  const { from, until } = localMonthRange(month);
  const rows = await db
    .select({ booking: bookings, startsAt: ideaDates.startsAt, idea: ideas, guide: users, paid: paidOnline })
    .from(bookings)
    .innerJoin(ideaDates, eq(ideaDates.id, bookings.ideaDateId))
    .innerJoin(ideas, eq(ideas.id, bookings.ideaId))
    .innerJoin(users, eq(users.id, ideas.authorId))
    .where(
      and(
        gte(ideaDates.startsAt, from),
        lt(ideaDates.startsAt, until),
        sql`exists (select 1 from ${payments} where ${succeededPayment})`,
        guideId === undefined ? undefined : eq(ideas.authorId, guideId),
      ),
    )
    .orderBy(asc(ideaDates.startsAt), asc(bookings.id));
  if (!rows.length) return [];
  // Refunds of the succeeded payments only: a failed or canceled payment took no money to give back.
  const refundRows = await db
    .select({ bookingId: payments.bookingId, amount: refunds.amount, status: refunds.status })
    .from(refunds)
    .innerJoin(payments, eq(payments.id, refunds.paymentId))
    .where(
      and(
        inArray(
          payments.bookingId,
          rows.map((row) => row.booking.id),
        ),
        eq(payments.status, 'succeeded'),
      ),
    )
    .orderBy(asc(refunds.id));
  const { COMMISSION_PERCENT } = env();
  return rows.map(({ booking, startsAt, idea, guide, paid }) => {
    const own = refundRows.filter((refund) => refund.bookingId === booking.id);
    const sum = (status: string) =>
      own.filter((refund) => refund.status === status).reduce((total, refund) => total + refund.amount, 0);
    const earning = earningOf(
      {
        total: booking.total,
        currency: booking.currency,
        status: booking.status,
        paid,
        refunded: sum('succeeded'),
        refundPending: sum('pending'),
      },
      COMMISSION_PERCENT,
    );
    const line: EarningLine = {
      booking_hid: booking.hid,
      status: booking.status,
      starts_at: startsAt.toISOString(),
      day: localDay(startsAt),
      idea_hid: idea.hid,
      idea_title: pick(idea.title, language),
      traveller_name: booking.contact.name,
      adults: booking.adults,
      children: booking.children,
      mode: earning.mode,
      currency: booking.currency,
      gross: earning.gross,
      paid_online: earning.paidOnline,
      commission: earning.commission,
      refunded: earning.refunded,
      refund_pending: earning.refundPending,
      guide_receives: earning.guideReceives,
      refunds: own.map(({ amount, status }) => ({ amount, status })),
    };
    return { line, earning, guide: { id: guide.id, hid: guide.hid, name: guide.name } };
  });
}
