import 'server-only';
import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  ANSWER_STATES,
  HOLDING_STATES,
  IDEA_REMOVED,
  statesMovableTo,
  type BookingActor,
  type BookingState,
} from '@/lib/bookings/states';
import type { TextLanguage } from '@/lib/i18n/text-languages';
import { catalog } from '../cache/catalog-cache';
import { ideaChanged } from '../cache/invalidate';
import { openConversation, postMessage } from '../conversations/post-message';
import { postBookingSystemMessage } from '../conversations/system-message';
import { transaction, type Tx } from '../db';
import { bookings, ideaDates, ideas } from '../db/schema';
import { eventsRecorded, recordEvent } from '../events/record-event';
import { ApiError } from '../http/problem';
import { cancelJob, scheduleJob } from '../jobs/schedule-job';
import { jobsScheduled } from '../jobs/worker';
import { emailQueued } from '../mail/worker';
import { enqueueBookingEmails, type BookingMailEvent } from './booking-emails';
import { bookingResources } from './booking-resource';
import { cancelBookingFollowUps, scheduleBookingFollowUps } from './follow-ups';
import { refundEndedBooking } from './refund-ended-booking';

export type BookingRow = typeof bookings.$inferSelect;

/** A move of lib/bookings/states.ts that ends or confirms a booking. */
export interface BookingMove {
  to: Extract<BookingState, 'confirmed' | 'declined' | 'cancelled' | 'expired'>;
  who: BookingActor;
  /** The guide's words when declining: shown to the traveller; or IDEA_REMOVED, which has words of its own. */
  reason?: string;
  /** Only from this state: the one the caller checked its rules against (a traveller's cancel, see cancel-booking.ts). */
  from?: BookingState;
}

/** The job that expires an unanswered request at its `respond_by` (expire-request.ts runs it). */
export const REQUEST_EXPIRY_JOB = 'booking-request-expiry';
export const requestExpiryKey = (bookingId: number) => `${REQUEST_EXPIRY_JOB}:${bookingId}`;

/** The conversation's system message of each change: its type (rendered per reader) and the English fallback. */
const SYSTEM_MESSAGES: Record<BookingMove['to'], { type: string; text: (move: BookingMove) => string }> = {
  confirmed: { type: 'booking_accepted', text: () => 'The guide accepted the booking request.' },
  declined: {
    type: 'booking_declined',
    text: ({ reason }) => `The guide declined the booking request${reason ? `: ${reason}` : '.'}`,
  },
  expired: { type: 'booking_expired', text: () => 'The booking request expired: the guide did not answer in time.' },
  cancelled: {
    type: 'booking_cancelled',
    text: ({ who }) => (who === 'traveller' ? 'The traveller cancelled the booking.' : 'The booking was cancelled.'),
  },
};
const IDEA_REMOVED_MESSAGE = {
  type: 'idea_removed',
  text: () => 'The idea was removed from Sopka: the booking is cancelled and any payment is refunded in full.',
};
/** A counter-proposal's end (lib/bookings/states.ts): the traveller accepted the guide's time, or let it lapse. */
const COUNTER_MESSAGES: Partial<Record<BookingMove['to'], { type: string; text: () => string }>> = {
  confirmed: { type: 'booking_counter_accepted', text: () => "The traveller accepted the guide's time." },
  expired: { type: 'booking_counter_expired', text: () => "The guide's time expired: the traveller did not answer." },
};

/** The email event of a move from `from`: a counter-proposal's answer is told as such. */
function mailEventOf(from: BookingState, to: BookingMove['to']): BookingMailEvent {
  if (from === 'countered' && to === 'confirmed') return 'counter_accepted';
  if (from === 'countered' && to === 'expired') return 'counter_expired';
  return to === 'confirmed' ? 'accepted' : to;
}

/**
 * Makes one move in `tx` as one conditional UPDATE: the booking moves only from a state the table allows `who` to
 * move it from, so of two racing moves exactly one finds it there; null for the other (the caller answers 409).
 * A move that ends a holding booking gives its seats back in the same transaction.
 */
export async function moveBooking(tx: Tx, booking: BookingRow, move: BookingMove, now: Date) {
  const from = statesMovableTo(move.to, move.who).filter((state) => !move.from || state === move.from);
  const ends = !HOLDING_STATES.includes(move.to);
  // Where the booking moves from: the one state the table allows, or the one the caller read and checked.
  const previous = move.from ?? (from.length === 1 ? from[0] : booking.status);
  // The departure is locked first, as everywhere (see lockEditedRows in ideas/write-idea.ts).
  if (ends)
    await tx
      .select({ id: ideaDates.id })
      .from(ideaDates)
      .where(eq(ideaDates.id, booking.ideaDateId))
      .for('no key update');
  const [moved] = await tx
    .update(bookings)
    .set({
      status: move.to,
      // The guide's answer to a request (their usual response time, response-time.ts); removing the idea is none.
      ...(move.who === 'guide' && move.to !== 'cancelled' ? { answeredAt: now } : {}),
      ...(ends ? { cancelledAt: now, endedBy: move.who, endReason: move.reason ?? null } : {}),
    })
    .where(and(eq(bookings.id, booking.id), inArray(bookings.status, from)))
    .returning();
  if (!moved) return null;
  if (ends)
    await tx
      .update(ideaDates)
      .set({
        seatsLeft: sql`least(${ideaDates.seatsTotal}, ${ideaDates.seatsLeft} + ${booking.adults + booking.children})`,
        // A private booking's departure was its own: it goes with it (the slot is free again by the status alone).
        ...(booking.slotStart ? { cancelledAt: now } : {}),
      })
      .where(eq(ideaDates.id, booking.ideaDateId));
  // The expiry job of an answered or cancelled request has nothing left to do (it is the one running an expiry).
  if (ANSWER_STATES.includes(previous) && move.to !== 'expired') await cancelJob(tx, requestExpiryKey(booking.id));
  if (move.to === 'confirmed') await bookingConfirmed(tx, moved);
  else if (ends) {
    await cancelBookingFollowUps(tx, booking.id);
    await refundEndedBooking(tx, moved, now);
  }
  await announceMove(tx, moved, move, previous);
  return moved;
}

/**
 * A booking the traveller is bound to (at once, or once paid online), in its transaction: the pair's conversation
 * tells it, both sides get their emails, and a request waits for the guide's answer until `respond_by` while an
 * instant booking is confirmed.
 */
export async function bookingPlaced(tx: Tx, booking: BookingRow, guideId: number): Promise<void> {
  const request = booking.status === 'requested';
  await postBookingSystemMessage(tx, { ideaId: booking.ideaId, travellerId: booking.userId, guideId }, booking, {
    // A private trip's request names the time proposed.
    ...(booking.slotStart
      ? { type: 'private_requested', start: booking.slotStart.toISOString() }
      : { type: request ? 'booking_requested' : 'booking_created' }),
  });
  await enqueueBookingEmails(tx, booking.id, request ? 'requested' : 'confirmed');
  if (request && booking.respondBy) {
    await scheduleJob(tx, {
      kind: REQUEST_EXPIRY_JOB,
      key: requestExpiryKey(booking.id),
      runAt: booking.respondBy,
      payload: { bookingId: booking.id },
    });
    await recordBookingEvent(tx, booking);
  } else await bookingConfirmed(tx, booking);
}

/** What follows a booking's confirmation, instant or accepted: reminders, the manifest, the review invitation. */
export async function bookingConfirmed(tx: Tx, booking: BookingRow): Promise<void> {
  await scheduleBookingFollowUps(tx, booking);
  await recordBookingEvent(tx, booking);
}

/** Both sides' open pages hear of the booking's state. */
export async function recordBookingEvent(tx: Tx, booking: BookingRow): Promise<void> {
  const [idea] = await tx.select({ authorId: ideas.authorId }).from(ideas).where(eq(ideas.id, booking.ideaId));
  await recordEvent(tx, [booking.userId, idea.authorId], 'booking', { booking: booking.hid, status: booking.status });
}

/** The change as a system message in the booking's conversation, and emails to the other side. */
async function announceMove(tx: Tx, booking: BookingRow, move: BookingMove, from: BookingState): Promise<void> {
  const [idea] = await tx.select({ authorId: ideas.authorId }).from(ideas).where(eq(ideas.id, booking.ideaId));
  const conversation = await openConversation(tx, {
    ideaId: booking.ideaId,
    travellerId: booking.userId,
    guideId: idea.authorId,
  });
  const removed = move.reason === IDEA_REMOVED;
  const message = removed
    ? IDEA_REMOVED_MESSAGE
    : (from === 'countered' && COUNTER_MESSAGES[move.to]) || SYSTEM_MESSAGES[move.to];
  await postMessage(tx, conversation, {
    senderId: null,
    kind: 'system',
    text: message.text(move),
    event: {
      type: message.type,
      bookingHid: booking.hid,
      ...(move.reason && !removed ? { reason: move.reason } : {}),
      ...(booking.slotStart ? { start: booking.slotStart.toISOString() } : {}),
    },
    bookingId: booking.id,
  });
  if (move.to !== 'confirmed') await recordBookingEvent(tx, booking);
  await enqueueBookingEmails(tx, booking.id, removed ? 'idea_removed' : mailEventOf(from, move.to));
}

/**
 * Makes `move` on the booking in one transaction and answers the booking as the API shows it; 409 when the booking
 * is no longer where the move starts (answered, cancelled or expired meanwhile). Used by the guide's answers and the
 * traveller's cancellation alike.
 */
export async function commitMove(
  booking: BookingRow,
  move: BookingMove,
  language: TextLanguage,
  now: Date,
  refusal: (status: string) => string,
) {
  const { currencies } = await catalog();
  const resource = await transaction(async (tx) => {
    const moved = await moveBooking(tx, booking, move, now);
    if (!moved) {
      const [current] = await tx.select({ status: bookings.status }).from(bookings).where(eq(bookings.id, booking.id));
      throw new ApiError(409, 'Conflict', refusal(current.status));
    }
    const [resource] = await bookingResources([moved], language, now, { tx, currencies });
    return resource;
  });
  ideaChanged(booking.ideaId);
  emailQueued();
  jobsScheduled();
  eventsRecorded();
  return resource;
}
