import 'server-only';
import { and, eq, gt, inArray, isNotNull, lt, ne } from 'drizzle-orm';
import {
  DEFAULT_SLOT_MINUTES,
  freeSlots,
  slotEnd,
  slotRefusal,
  type HeldSlot,
  type SlotRules,
} from '@/lib/bookings/private-slots';
import { HOLDING_STATES, statesMovableTo } from '@/lib/bookings/states';
import type { AvailabilityRange, CounterProposeBody, ProposeBody } from '@/lib/contract/private-bookings';
import { parseIdOrHid } from '@/lib/contract/ids';
import type { TextLanguage } from '@/lib/i18n/text-languages';
import { localDateTime, localDayStart, localStartMinute, nextLocalDayStart } from '@/lib/time/local-time';
import type { Viewer } from '../accounts/viewer';
import { cachedAnswer } from '../cache/answer-cache';
import { catalog } from '../cache/catalog-cache';
import { postBookingSystemMessage } from '../conversations/system-message';
import { getDb, transaction, type Tx } from '../db';
import type { Db } from '../db/client';
import { isExclusionViolation } from '../db/errors';
import { bookings, ideaAvailability, ideaBlockedDays, ideaDates, ideas } from '../db/schema';
import { ApiError, forbidden, invalid, notFound } from '../http/problem';
import { scheduleJob } from '../jobs/schedule-job';
import { requireGuidesBooking } from './answer-request';
import { answerDeadline } from './booking-payment';
import { consumeBookingLimit } from './booking-limits';
import { requireVisibleBooking } from './booking-queries';
import { enqueueBookingEmails } from './booking-emails';
import { bookingResources } from './booking-resource';
import { commitMove, recordBookingEvent, REQUEST_EXPIRY_JOB, requestExpiryKey } from './booking-transitions';
import { bookingCommitted, findBookableIdea, insertBooking } from './create-booking';
import { freshnessBucket } from '../ideas/query';

type IdeaRow = typeof ideas.$inferSelect;

/** The constraint (migration 0032) that keeps two holding bookings of a private idea from overlapping. */
const SLOT_CONSTRAINT = 'bookings_private_slot_excl';

const slotTaken = () =>
  new ApiError(409, 'Conflict', 'This time has just been taken by another booking: choose another start time.');

const SLOT_REFUSALS = {
  range: 'This time is too soon or too far ahead: choose a start at least 12 hours from now, within a year.',
  unavailable: 'The guide does not offer this start time: choose one of the free times.',
} as const;

/** A private idea's rules: its weekly windows, blocked days, the slot's length and the step between starts. */
export async function slotRulesOf(db: Db | Tx, idea: IdeaRow): Promise<SlotRules> {
  const windows = await db.select().from(ideaAvailability).where(eq(ideaAvailability.ideaId, idea.id));
  const blocked = await db
    .select({ day: ideaBlockedDays.day })
    .from(ideaBlockedDays)
    .where(eq(ideaBlockedDays.ideaId, idea.id));
  return {
    windows: windows.map((w) => ({ weekday: w.weekday, start: w.startMinute, end: w.endMinute })),
    blocked: new Set(blocked.map((b) => b.day)),
    stepMinutes: idea.slotStepMinutes,
    durationMinutes: idea.durationMinutes ?? DEFAULT_SLOT_MINUTES,
  };
}

/** The slots other holding bookings of the idea keep between two instants (but the booking `except`). */
async function heldSlots(db: Db | Tx, ideaId: number, from: Date, until: Date, except?: number): Promise<HeldSlot[]> {
  const rows = await db
    .select({ start: bookings.slotStart, end: bookings.slotEnd })
    .from(bookings)
    .where(
      and(
        eq(bookings.ideaId, ideaId),
        inArray(bookings.status, [...HOLDING_STATES]),
        isNotNull(bookings.slotStart),
        lt(bookings.slotStart, until),
        gt(bookings.slotEnd, from),
        except ? ne(bookings.id, except) : undefined,
      ),
    );
  return rows.map((row) => ({ start: row.start!, end: row.end! }));
}

/** The published private idea `ref` names, or 404. */
async function findPrivateIdea(ref: string): Promise<IdeaRow> {
  const parsed = parseIdOrHid(ref);
  const db = await getDb();
  const [idea] = parsed
    ? await db
        .select()
        .from(ideas)
        .where(
          and(
            parsed.kind === 'id' ? eq(ideas.id, parsed.id) : eq(ideas.hid, parsed.hid),
            eq(ideas.status, 'published'),
            eq(ideas.format, 'private'),
          ),
        )
    : [];
  if (!idea || idea.deletedAt) throw notFound('There is no such private idea.');
  return idea;
}

/** Each local day's free start times of a private idea; the slot of the booking `except` counts as free. */
async function availabilityOf(idea: IdeaRow, range: AvailabilityRange, now: Date, except?: number) {
  const db = await getDb();
  const rules = await slotRulesOf(db, idea);
  const held = await heldSlots(db, idea.id, localDayStart(range.from), nextLocalDayStart(range.to), except);
  return {
    data: {
      days: freeSlots(range.from, range.to, rules, held, now),
      duration_minutes: rules.durationMinutes,
      time_zone: 'Asia/Vladivostok' as const,
    },
  };
}

/**
 * GET /ideas/{id}/availability: each local day's free start times, in Vladivostok time. The same for everyone, so
 * it is kept in the answer cache: every proposal, counter-proposal, cancellation, decline and expiry writes the
 * booking's departure and every save of the editor the idea, and those writes raise the content version.
 */
export async function privateAvailability(ref: string, range: AvailabilityRange, now = new Date()) {
  return cachedAnswer(`availability|${ref}|${range.from}|${range.to}|${freshnessBucket(now)}`, async () =>
    availabilityOf(await findPrivateIdea(ref), range, now),
  );
}

/**
 * GET /bookings/{hid}/availability: the times the guide may move a private booking to, for the counter-proposal.
 * Other bookings' slots are taken; the booking's own is not, so the guide may move it by less than its length.
 */
export async function bookingAvailability(hid: string, range: AvailabilityRange, viewer: Viewer, now = new Date()) {
  const booking = await requireGuidesBooking(hid, viewer);
  if (!booking.slotStart) throw invalid({ hid: ['Only a private trip can be moved to another time.'] });
  const db = await getDb();
  const [idea] = await db.select().from(ideas).where(eq(ideas.id, booking.ideaId));
  return availabilityOf(idea, range, now, booking.id);
}

/** The instant a `{ day, time }` names in Vladivostok, checked against the idea's free slots. */
async function freeStart(tx: Tx, idea: IdeaRow, slot: { day: string; time: string }, now: Date, except?: number) {
  const start = new Date(localDateTime(slot.day, slot.time));
  const rules = await slotRulesOf(tx, idea);
  const end = slotEnd(start, rules.durationMinutes);
  const refusal = slotRefusal(start, rules, await heldSlots(tx, idea.id, start, end, except), now);
  if (refusal === 'taken') throw slotTaken();
  if (refusal) throw invalid({ time: [SLOT_REFUSALS[refusal]] });
  return { start, end };
}

/** A request's deadline: the idea's response time, but never after the trip would start. */
const deadlineBefore = (idea: IdeaRow, start: Date, now: Date) =>
  new Date(Math.min(answerDeadline(idea, now).getTime(), start.getTime()));

/** An overlapping booking that committed first: the database's exclusion constraint answers for it. */
const slotRace = (error: unknown): never => {
  throw isExclusionViolation(error, SLOT_CONSTRAINT) ? slotTaken() : error;
};

/**
 * POST /ideas/{id}/proposals: the traveller proposes a free start for their group. The booking is a request for
 * the group's price, on a departure of its own, and holds its slot: the database refuses a second holding booking
 * that overlaps it, so of two travellers proposing the same time at once one wins and the other is answered 409.
 */
export async function proposePrivateBooking(
  ref: string,
  body: ProposeBody,
  viewer: Viewer,
  language: TextLanguage,
  now = new Date(),
) {
  const parsed = parseIdOrHid(ref);
  if (!parsed) throw notFound('There is no such private idea.');
  const idea = await findBookableIdea(parsed.kind === 'id' ? parsed.id : parsed.hid, viewer, body);
  if (idea.format !== 'private') throw invalid({ idea_id: ['This idea is booked on its departures, not by a time.'] });
  const bookingLimit = await consumeBookingLimit(viewer.id, `idea:${idea.id}`, now);
  const { currencies } = await catalog();
  const { booking, resource } = await transaction(async (tx) => {
    const { start, end } = await freeStart(tx, idea, body, now);
    const persons = body.adults + body.children;
    const [date] = await tx
      .insert(ideaDates)
      .values({
        ideaId: idea.id,
        startsAt: start,
        localStartMinute: localStartMinute(start),
        seatsTotal: persons,
        seatsLeft: 0,
      })
      .returning();
    const values = {
      adults: body.adults,
      children: body.children,
      // The price is the whole group's.
      total: idea.price,
      contact: body.contact,
      slotStart: start,
      slotEnd: end,
      proposedStart: start,
    };
    const respondBy = deadlineBefore(idea, start, now);
    const booking = { idea, dateId: date.id, values, viewer, request: true, respondBy };
    return insertBooking(tx, booking, language, now, currencies);
  })
    .catch(slotRace)
    .catch(bookingLimit.giveBack);
  return { resource, paymentUrl: await bookingCommitted(booking, language) };
}

/**
 * POST /bookings/{hid}/counter-propose: the guide answers a private request with another free time. The booking
 * holds the guide's time from then on (the traveller's is free again) and waits for the traveller until its new
 * `respond_by`; the traveller is told in the conversation and by email.
 */
export async function counterPropose(
  hid: string,
  body: CounterProposeBody,
  viewer: Viewer,
  language: TextLanguage,
  now = new Date(),
) {
  const booking = await requireGuidesBooking(hid, viewer);
  if (!booking.slotStart) throw invalid({ time: ['Only a private trip can be moved to another time.'] });
  const db = await getDb();
  const [idea] = await db.select().from(ideas).where(eq(ideas.id, booking.ideaId));
  const { currencies } = await catalog();
  const resource = await transaction(async (tx) => {
    // The departure first, as everywhere (lockEditedRows in ideas/write-idea.ts).
    await tx
      .select({ id: ideaDates.id })
      .from(ideaDates)
      .where(eq(ideaDates.id, booking.ideaDateId))
      .for('no key update');
    const { start, end } = await freeStart(tx, idea, body, now, booking.id);
    const respondBy = deadlineBefore(idea, start, now);
    const [moved] = await tx
      .update(bookings)
      .set({ status: 'countered', counterStart: start, slotStart: start, slotEnd: end, respondBy, answeredAt: now })
      .where(and(eq(bookings.id, booking.id), inArray(bookings.status, statesMovableTo('countered', 'guide'))))
      .returning();
    if (!moved) {
      const [current] = await tx.select({ status: bookings.status }).from(bookings).where(eq(bookings.id, booking.id));
      throw new ApiError(409, 'Conflict', `This request is no longer waiting for an answer: it is ${current.status}.`);
    }
    await tx
      .update(ideaDates)
      .set({ startsAt: start, localStartMinute: localStartMinute(start) })
      .where(eq(ideaDates.id, booking.ideaDateId));
    // The same job, moved to the traveller's deadline.
    await scheduleJob(tx, {
      kind: REQUEST_EXPIRY_JOB,
      key: requestExpiryKey(booking.id),
      runAt: respondBy,
      payload: { bookingId: booking.id },
    });
    const pair = { ideaId: idea.id, travellerId: booking.userId, guideId: idea.authorId };
    await postBookingSystemMessage(tx, pair, moved, { type: 'booking_countered', start: start.toISOString() });
    await enqueueBookingEmails(tx, booking.id, 'countered');
    await recordBookingEvent(tx, moved);
    const [resource] = await bookingResources([moved], language, now, { tx, currencies });
    return { resource, moved };
  }).catch(slotRace);
  await bookingCommitted(resource.moved, language);
  return resource.resource;
}

/** POST /bookings/{hid}/accept-counter: the traveller takes the guide's time; the booking is confirmed. */
export async function acceptCounterProposal(hid: string, viewer: Viewer, language: TextLanguage, now = new Date()) {
  const booking = await requireVisibleBooking(hid, viewer);
  if (booking.userId !== viewer.id) throw forbidden("Only the traveller accepts the guide's time.");
  return commitMove(booking, { to: 'confirmed', who: 'traveller' }, language, now, (status) =>
    status === 'confirmed'
      ? 'This booking is already confirmed.'
      : `There is no time of the guide's to accept: the booking is ${status}.`,
  );
}
