import 'server-only';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { IDEA_REMOVED } from '@/lib/bookings/states';
import type { Viewer } from '../accounts/viewer';
import { ideaChanged } from '../cache/invalidate';
import { transaction } from '../db';
import { bookings } from '../db/schema';
import { eventsRecorded } from '../events/record-event';
import { markIdeaDeleted, removerOf } from '../ideas/delete-idea';
import { findIdea } from '../ideas/find-idea';
import { LIVE_BOOKING_STATUSES } from '../ideas/next-date';
import { jobsScheduled } from '../jobs/worker';
import { emailQueued } from '../mail/worker';
import { moveBooking } from './booking-transitions';

/**
 * DELETE /ideas/{hid}: the author or a moderator removes the idea. In one transaction the idea is marked deleted and
 * every live booking of it (requested, awaiting its payment, confirmed) is cancelled by the remover with the reason
 * `idea_removed`: its seats come back, everything paid online is refunded in full (refund-ended-booking.ts), and
 * the traveller hears of it in the conversation and by email. The bookings stay readable. Removing it again finds
 * no idea (404) and changes nothing.
 */
export async function deleteIdea(param: string, viewer: Viewer, now = new Date()): Promise<void> {
  const idea = await findIdea(param);
  const who = removerOf(idea, viewer);
  await transaction(async (tx) => {
    if (!(await markIdeaDeleted(tx, idea.id, now))) return;
    const live = await tx
      .select()
      .from(bookings)
      .where(and(eq(bookings.ideaId, idea.id), inArray(bookings.status, LIVE_BOOKING_STATUSES)))
      .orderBy(asc(bookings.id));
    for (const booking of live) await moveBooking(tx, booking, { to: 'cancelled', who, reason: IDEA_REMOVED }, now);
  });
  ideaChanged(idea.id);
  emailQueued();
  jobsScheduled();
  eventsRecorded();
}
