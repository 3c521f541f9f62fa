import 'server-only';
import { and, eq, gt, gte, isNull, sql } from 'drizzle-orm';
import { canMove } from '@/lib/bookings/states';
import type { TextLanguage } from '@/lib/i18n/text-languages';
import type { Viewer } from '../accounts/viewer';
import { ideaChanged } from '../cache/invalidate';
import { getDb, transaction, type Tx } from '../db';
import { pick } from '../db/localized';
import { bookings, ideaDates, ideas } from '../db/schema';
import { eventsRecorded } from '../events/record-event';
import { ApiError, forbidden } from '../http/problem';
import { cancelJob } from '../jobs/schedule-job';
import { jobsScheduled } from '../jobs/worker';
import { siteLink } from '../mail/render';
import { emailQueued } from '../mail/worker';
import { logger } from '../ops/logger';
import type { PaymentChange } from '../payments/apply-gateway-payment';
import { paymentDriver } from '../payments/driver';
import { expireUnpaidBooking, holdEnd, holdKey, type HoldHooks } from '../payments/expire-hold';
import { bookingSplit } from '../payments/payment-terms';
import { requestRefund } from '../payments/refund-payment';
import { startPayment } from '../payments/start-payment';
import { enqueueBookingEmails } from './booking-emails';
import { requireVisibleBooking } from './booking-queries';
import { bookingPlaced, recordBookingEvent, type BookingRow } from './booking-transitions';

type SettledChange = Extract<PaymentChange, { outcome: 'changed' }>;

/** When the guide must answer a request placed (or paid) at `now`: the idea's response time later. */
export const answerDeadline = (idea: { responseHours: number }, now: Date) =>
  new Date(now.getTime() + idea.responseHours * 3_600_000);

/** The reasons an unpaid booking expired for: a payment arriving after them may take the seats again. */
const UNPAID_REASONS: readonly (string | null)[] = ['payment_timeout', 'payment_failed'];

/** Everything that changed in a settlement's transaction is told to the other processes after its commit. */
function afterCommit(ideaId: number) {
  return () => {
    ideaChanged(ideaId);
    emailQueued();
    jobsScheduled();
    eventsRecorded();
  };
}

/**
 * Opens the gateway's page for a booking that holds its seats unpaid: the amount is the server's own split of
 * the booking's total, never the client's. A gateway that cannot open it (down, refusing) gives the seats back at
 * once and the traveller is answered 503: nothing is booked, nothing is charged. Answers the page's address.
 */
export async function payForBooking(booking: BookingRow, language: TextLanguage): Promise<string> {
  const db = await getDb();
  const [idea] = await db.select({ title: ideas.title }).from(ideas).where(eq(ideas.id, booking.ideaId));
  try {
    const payment = await startPayment(paymentDriver(), {
      bookingId: booking.id,
      bookingHid: booking.hid,
      amount: bookingSplit(booking.total, booking.currency).now,
      currency: booking.currency,
      description: `Sopka ${booking.hid}: ${pick(idea.title, language)}`.slice(0, 128),
      returnUrl: siteLink(language, `/account/booking/${booking.hid}`),
      expiresAt: holdEnd(booking.createdAt),
    });
    return payment.confirmationUrl!;
  } catch (error) {
    logger().error({ err: error, booking: booking.hid }, 'the gateway could not open a payment: the seats go back');
    await transaction(async (tx) => {
      const expired = await expireUnpaidBooking(tx, booking.id, 'payment_unavailable', new Date());
      if (!expired) return;
      await cancelJob(tx, holdKey(booking.id));
      await recordBookingEvent(tx, expired);
    });
    afterCommit(booking.ideaId)();
    throw new ApiError(
      503,
      'Service Unavailable',
      'The payment service did not answer, so nothing was booked and nothing was charged. Please try again in a minute.',
    );
  }
}

/**
 * POST /bookings/{hid}/pay: the traveller opens the gateway's page again (a closed tab, a payment left halfway)
 * while the booking holds its seats unpaid; the same pending payment is answered, never a second one.
 */
export async function reopenPayment(hid: string, viewer: Viewer, language: TextLanguage) {
  const booking = await requireVisibleBooking(hid, viewer);
  if (booking.userId !== viewer.id) throw forbidden('Only the traveller pays for a booking.');
  if (booking.status !== 'awaiting_payment')
    throw new ApiError(409, 'Conflict', `This booking is not waiting for a payment: it is ${booking.status}.`);
  return { payment_url: await payForBooking(booking, language) };
}

/**
 * A booking's payment settled at the gateway (webhook, reconciliation or the hold's end), in the payment's own
 * transaction. Paid: the booking is placed (confirmed, or a request to the guide); paid after its hold ended, it
 * takes its seats again if they remain; otherwise (cancelled meanwhile, seats gone) everything is refunded and the
 * traveller told. Canceled or failed: an unpaid booking gives its seats back at once. Answers what to do after
 * the commit.
 */
export async function settleBookingPayment(tx: Tx, change: SettledChange, now = new Date()): Promise<() => void> {
  const { payment } = change;
  const [found] = await tx.select().from(bookings).where(eq(bookings.id, payment.bookingId));
  // The departure first, then the booking: the lock order everywhere (lockEditedRows in ideas/write-idea.ts).
  await tx.select({ id: ideaDates.id }).from(ideaDates).where(eq(ideaDates.id, found.ideaDateId)).for('no key update');
  const [booking] = await tx.select().from(bookings).where(eq(bookings.id, found.id)).for('update');
  const done = afterCommit(booking.ideaId);
  if (change.to !== 'succeeded') {
    const expired = await expireUnpaidBooking(tx, booking.id, 'payment_failed', now);
    if (expired) {
      await cancelJob(tx, holdKey(booking.id));
      await recordBookingEvent(tx, expired);
    }
    return done;
  }
  const [idea] = await tx
    .select({
      authorId: ideas.authorId,
      bookingMode: ideas.bookingMode,
      format: ideas.format,
      responseHours: ideas.responseHours,
    })
    .from(ideas)
    .where(eq(ideas.id, booking.ideaId));
  // A private trip's proposed time always waits for the guide's answer.
  const to = idea.bookingMode === 'request' || idea.format === 'private' ? 'requested' : 'confirmed';
  const placed = { status: to, respondBy: to === 'requested' ? answerDeadline(idea, now) : null } as const;
  if (booking.status === 'awaiting_payment') {
    const [paid] = await tx
      .update(bookings)
      .set(placed)
      .where(and(eq(bookings.id, booking.id), eq(bookings.status, 'awaiting_payment')))
      .returning();
    await cancelJob(tx, holdKey(booking.id));
    await bookingPlaced(tx, paid, idea.authorId);
    return done;
  }
  if (
    booking.status === 'expired' &&
    UNPAID_REASONS.includes(booking.endReason) &&
    canMove('expired', to, 'system') &&
    (await takeSeatsAgain(tx, booking, now))
  ) {
    const [paid] = await tx
      .update(bookings)
      .set({ ...placed, cancelledAt: null, endedBy: null, endReason: null })
      .where(and(eq(bookings.id, booking.id), eq(bookings.status, 'expired')))
      .returning();
    await bookingPlaced(tx, paid, idea.authorId);
    return done;
  }
  // Paid for a booking that holds no seats (cancelled while paying, or its seats went to others): all of it back.
  logger().warn({ booking: booking.hid, payment: payment.hid, status: booking.status }, 'a late payment is refunded');
  await requestRefund(tx, { paymentId: payment.id, amount: payment.amount, reason: 'late_payment' });
  await enqueueBookingEmails(tx, booking.id, 'late_payment_refunded');
  await recordBookingEvent(tx, booking);
  return done;
}

/** An expired booking's seats, taken again when the departure still has them and has not started. */
async function takeSeatsAgain(tx: Tx, booking: BookingRow, now: Date): Promise<boolean> {
  const persons = booking.adults + booking.children;
  const taken = await tx
    .update(ideaDates)
    .set({ seatsLeft: sql`${ideaDates.seatsLeft} - ${persons}` })
    .where(
      and(
        eq(ideaDates.id, booking.ideaDateId),
        gte(ideaDates.seatsLeft, persons),
        gt(ideaDates.startsAt, now),
        isNull(ideaDates.cancelledAt),
      ),
    )
    .returning({ id: ideaDates.id });
  return taken.length > 0;
}

/** The hold-expiry job's part of the booking flow: a settled payment places the booking, an expiry is heard. */
export const HOLD_HOOKS: HoldHooks = {
  onSettled: settleBookingPayment,
  async onExpired(tx, booking) {
    await recordBookingEvent(tx, booking);
    return afterCommit(booking.ideaId);
  },
};
