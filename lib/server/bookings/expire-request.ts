import 'server-only';
import { eq } from 'drizzle-orm';
import { ANSWER_STATES } from '@/lib/bookings/states';
import { ideaChanged } from '../cache/invalidate';
import { getDb, transaction, type Tx } from '../db';
import { bookings } from '../db/schema';
import { eventsRecorded } from '../events/record-event';
import { emailQueued } from '../mail/worker';
import { moveBooking } from './booking-transitions';

/** The jobs worker's view of a `booking-request-expiry` job (lib/server/jobs). */
interface ExpiryJob {
  payload: Record<string, unknown>;
}
interface ExpiryContext {
  now: Date;
  /** Marks the job done in the handler's own transaction. */
  complete(tx: Tx): Promise<void>;
}

/**
 * The `booking-request-expiry` job's handler, at a request's `respond_by`: a request (or a guide's counter-proposal)
 * still unanswered expires and gives its seats back; one answered or cancelled meanwhile is left as it is (the move's UPDATE finds it moved on).
 */
export async function expireBookingRequest(job: ExpiryJob, { now, complete }: ExpiryContext): Promise<void> {
  const bookingId = Number(job.payload.bookingId);
  const db = await getDb();
  const [booking] = Number.isInteger(bookingId)
    ? await db.select().from(bookings).where(eq(bookings.id, bookingId))
    : [];
  const expired = await transaction(async (tx) => {
    const moved =
      booking && ANSWER_STATES.includes(booking.status)
        ? await moveBooking(tx, booking, { to: 'expired', who: 'system', from: booking.status }, now)
        : null;
    await complete(tx);
    return moved;
  });
  if (!expired) return;
  ideaChanged(expired.ideaId);
  emailQueued();
  eventsRecorded();
}
