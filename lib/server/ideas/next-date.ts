import 'server-only';
import { and, eq, gt, isNull, min } from 'drizzle-orm';
import { LIVE_STATES } from '@/lib/departures/states';
import type { Tx } from '../db';
import { ideaDates, ideas, type BookingStatus } from '../db/schema';

/** Bookings that hold seats on their departure: a departure with any of them is never deleted. */
export const LIVE_BOOKING_STATUSES: BookingStatus[] = [...LIVE_STATES];

/** ideas.next_date_at after its departures changed: the earliest future one that is not cancelled. */
export async function refreshNextDate(tx: Tx, ideaId: number, now: Date): Promise<void> {
  const [next] = await tx
    .select({ at: min(ideaDates.startsAt) })
    .from(ideaDates)
    .where(and(eq(ideaDates.ideaId, ideaId), gt(ideaDates.startsAt, now), isNull(ideaDates.cancelledAt)));
  await tx
    .update(ideas)
    .set({ nextDateAt: next?.at ?? null })
    .where(eq(ideas.id, ideaId));
}
