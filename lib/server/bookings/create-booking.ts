import 'server-only';
import { randomUUID } from 'node:crypto';
import { and, eq, gt, gte, isNull, sql } from 'drizzle-orm';
import type { CreateBookingBody } from '@/lib/contract/bookings';
import { parseIdOrHid } from '@/lib/contract/ids';
import type { Viewer } from '../accounts/viewer';
import { catalog } from '../cache/catalog-cache';
import { ideaChanged } from '../cache/invalidate';
import { getDb, transaction, type Tx } from '../db';
import { toHid } from '../db/hids';
import type { TextLanguage } from '@/lib/i18n/text-languages';
import { bookings, ideaDates, ideas } from '../db/schema';
import { ApiError, invalid, notFound } from '../http/problem';
import { emailQueued } from '../mail/worker';
import { jobsScheduled } from '../jobs/worker';
import { consumeBookingLimit } from './booking-limits';
import { bookingResources } from './booking-resource';
import { eventsRecorded } from '../events/record-event';
import { holdEnd, scheduleHoldExpiry } from '../payments/expire-hold';
import { bookingSplit } from '../payments/payment-terms';
import { answerDeadline, payForBooking } from './booking-payment';
import { bookingPlaced, recordBookingEvent, type BookingRow } from './booking-transitions';

const noSeats = (left: number) =>
  new ApiError(
    409,
    'Conflict',
    left > 0 ? `Only ${left} seats are left on this date.` : 'No seats are left on this date.',
  );

type IdeaRow = typeof ideas.$inferSelect;
type Currencies = Awaited<ReturnType<typeof catalog>>['currencies'];
type BookingValues = Pick<typeof bookings.$inferInsert, 'adults' | 'children' | 'total' | 'contact'> &
  Partial<Pick<typeof bookings.$inferInsert, 'slotStart' | 'slotEnd' | 'proposedStart'>>;

/**
 * The published idea a booking (or a private idea's proposal) names, checked for who books it and how many: 404
 * when there is none, 409 for the guide's own, 422 for too many people, children it does not take, or no price.
 */
export async function findBookableIdea(
  ref: CreateBookingBody['idea_id'],
  viewer: Viewer,
  party: { adults: number; children: number },
): Promise<IdeaRow & { price: number }> {
  const db = await getDb();
  const ideaRef = typeof ref === 'number' ? { kind: 'id' as const, id: ref } : parseIdOrHid(ref);
  if (!ideaRef) throw invalid({ idea_id: ['Use the idea id or hid.'] });
  const [idea] = await db
    .select()
    .from(ideas)
    .where(
      and(
        ideaRef.kind === 'id' ? eq(ideas.id, ideaRef.id) : eq(ideas.hid, ideaRef.hid),
        eq(ideas.status, 'published'),
        isNull(ideas.deletedAt),
      ),
    );
  if (!idea) throw notFound('There is no such idea to book.');
  // A guide booking their own trip could then review it (issue 37).
  if (idea.authorId === viewer.id) throw new ApiError(409, 'Conflict', 'You cannot book your own idea.');
  if (party.children > 0 && !idea.childrenAllowed) throw invalid({ children: ['Children cannot join this trip.'] });
  if (party.adults + party.children > idea.maxPersons)
    throw invalid({ adults: [`At most ${idea.maxPersons} people in one booking.`] });
  if (idea.price === null) throw invalid({ idea_id: ['This idea has no price yet.'] });
  return { ...idea, price: idea.price };
}

/**
 * A new booking's row, in the transaction that took its seats on `dateId` (or its private slot): its status is
 * `awaiting_payment` when paid online, else `requested` when the guide answers it, else confirmed; the pair's
 * conversation, emails and jobs follow in the same transaction. Answers the row and the API's shape of it.
 */
export async function insertBooking(
  tx: Tx,
  {
    idea,
    dateId,
    values,
    viewer,
    request,
    respondBy,
  }: { idea: IdeaRow; dateId: number; values: BookingValues; viewer: Viewer; request: boolean; respondBy: Date },
  language: TextLanguage,
  now: Date,
  /** Read before the transaction: on PGlite a read outside it would wait for it. */
  currencies: Currencies,
) {
  const online = isPaidOnline(values.total, idea.currency);
  const [row] = await tx
    .insert(bookings)
    .values({
      ...values,
      hid: `new-${randomUUID()}`,
      userId: viewer.id,
      ideaId: idea.id,
      ideaDateId: dateId,
      currency: idea.currency,
      // Ideas submitted before there were terms got the usual rule in migration 0018.
      cancellationPolicy: idea.cancellationPolicy ?? 'free_24h',
      createdAt: now,
      // Paid online, it waits for its payment first; a request's time to answer starts once it is paid.
      ...(online
        ? { status: 'awaiting_payment' as const }
        : request
          ? { status: 'requested' as const, respondBy }
          : {}),
    })
    .returning();
  const [booking] = await tx
    .update(bookings)
    .set({ hid: toHid(row.id) })
    .where(eq(bookings.id, row.id))
    .returning();
  if (online) {
    await scheduleHoldExpiry(tx, booking.id, holdEnd(now));
    await recordBookingEvent(tx, booking);
  } else await bookingPlaced(tx, booking, idea.authorId);
  // Built inside the transaction: once it has committed, nothing may fail and tell the traveller otherwise.
  const [resource] = await bookingResources([booking], language, now, { tx, currencies });
  return { booking, resource };
}

/** Paid online when the installation takes money and this booking's share is more than nothing. */
const isPaidOnline = (total: number, currency: string) => bookingSplit(total, currency).now > 0;

/** After a new booking's commit: the other processes hear of it, and one paid online opens the gateway's page. */
export async function bookingCommitted(booking: BookingRow, language: TextLanguage): Promise<string | null> {
  ideaChanged(booking.ideaId);
  emailQueued();
  jobsScheduled();
  eventsRecorded();
  // Paid online: the gateway's page is opened after the seats are held (a failure there gives them back).
  return booking.status === 'awaiting_payment' ? payForBooking(booking, language) : null;
}

/**
 * POST /bookings: seats are taken with one conditional UPDATE, so concurrent bookings can never take
 * more seats than there are; the total is computed here from the idea's prices. Paid online (PAYMENT_DRIVER), the
 * booking holds its seats `awaiting_payment` and the answer carries the gateway's page; a gateway that cannot open
 * one gives the seats back and the answer is 503. A private idea is booked by proposing a time (private-booking.ts).
 */
export async function createBooking(body: CreateBookingBody, viewer: Viewer, language: TextLanguage, now = new Date()) {
  const idea = await findBookableIdea(body.idea_id, viewer, body);
  if (idea.format === 'private')
    throw invalid({ idea_date_id: ['This is a private trip: propose a date and time to the guide instead.'] });
  const persons = body.adults + body.children;
  const total = body.adults * idea.price + body.children * (idea.childPrice ?? idea.price);

  // Each booking emails the traveller and the guide: an account books only so often (429 beyond, booking-limits.ts).
  const bookingLimit = await consumeBookingLimit(viewer.id, body.idea_date_id, now);
  // Lock order (see lockEditedRows in ideas/write-idea.ts): the departure row, then content_version through the
  // trigger of this UPDATE.
  const { currencies } = await catalog();
  const { booking, resource } = await transaction(async (tx) => {
    const [date] = await tx
      .update(ideaDates)
      .set({ seatsLeft: sql`${ideaDates.seatsLeft} - ${persons}` })
      .where(
        and(
          eq(ideaDates.id, body.idea_date_id),
          eq(ideaDates.ideaId, idea.id),
          gt(ideaDates.startsAt, now),
          isNull(ideaDates.cancelledAt),
          gte(ideaDates.seatsLeft, persons),
        ),
      )
      .returning();
    if (!date) {
      const [existing] = await tx
        .select()
        .from(ideaDates)
        .where(and(eq(ideaDates.id, body.idea_date_id), eq(ideaDates.ideaId, idea.id)));
      if (!existing) throw invalid({ idea_date_id: ['This date does not belong to the idea.'] });
      if (existing.startsAt <= now) throw invalid({ idea_date_id: ['This date has already started.'] });
      if (existing.cancelledAt) throw new ApiError(409, 'Conflict', 'The guide cancelled this departure.');
      throw noSeats(existing.seatsLeft);
    }
    // Read again under the departure's lock: an idea removed meanwhile (markIdeaDeleted) takes no booking. Only the
    // removal: an author's edit that sends the idea back to moderation does not undo a booking already under way.
    const [open] = await tx
      .select({ id: ideas.id })
      .from(ideas)
      .where(and(eq(ideas.id, idea.id), isNull(ideas.deletedAt)));
    if (!open) throw notFound('There is no such idea to book.');
    const values = { adults: body.adults, children: body.children, total, contact: body.contact };
    // On an on-request idea the booking holds its seats until the guide answers, or until respond_by.
    const request = idea.bookingMode === 'request';
    const respondBy = answerDeadline(idea, now);
    const booking = { idea, dateId: date.id, values, viewer, request, respondBy };
    return insertBooking(tx, booking, language, now, currencies);
  }).catch(bookingLimit.giveBack);
  return { resource, paymentUrl: await bookingCommitted(booking, language) };
}
