import 'server-only';
import { and, inArray } from 'drizzle-orm';
import { canReview, tripEndsAt } from '@/lib/reviews/rules';
import { cancellationRefusal, freeCancellationDeadline } from '@/lib/bookings/cancellation';
import { catalog } from '../cache/catalog-cache';
import { getDb, type Tx } from '../db';
import { pick } from '../db/localized';
import type { TextLanguage } from '@/lib/i18n/text-languages';
import { bookings, conversations, ideaDates, ideas, photos, users } from '../db/schema';
import { meetingPointOf } from '../ideas/resource';
import { imageKeys, mediaUrl } from '../platform/storage';
import { reviewsOfBookings } from '../reviews/review-queries';
import { bookingMoney, paymentsOfBookings } from './booking-money';

type BookingRow = typeof bookings.$inferSelect;

/**
 * What building a booking's answer inside its transaction needs: the transaction, and the catalog read before it
 * began (the catalog checks its version on another connection, which PGlite's one connection, or a busy pool,
 * would make wait for this transaction's end).
 */
interface InTransaction {
  tx: Tx;
  currencies: Awaited<ReturnType<typeof catalog>>['currencies'];
}

/** The API shape of bookings, with the idea's title and cover and the departure. */
export async function bookingResources(
  rows: BookingRow[],
  language: TextLanguage,
  now = new Date(),
  transaction?: InTransaction,
) {
  if (rows.length === 0) return [];
  const db = transaction?.tx ?? (await getDb());
  const [ideaRows, dateRows, travellerRows, reviewMap, conversationRows, moneyRows] = await Promise.all([
    db
      .select()
      .from(ideas)
      .where(
        inArray(
          ideas.id,
          rows.map((r) => r.ideaId),
        ),
      ),
    db
      .select()
      .from(ideaDates)
      .where(
        inArray(
          ideaDates.id,
          rows.map((r) => r.ideaDateId),
        ),
      ),
    db
      .select({ id: users.id, hid: users.hid, name: users.name })
      .from(users)
      .where(
        inArray(
          users.id,
          rows.map((r) => r.userId),
        ),
      ),
    reviewsOfBookings(
      rows.map((r) => r.id),
      transaction?.tx,
    ),
    db
      .select({ ideaId: conversations.ideaId, travellerId: conversations.travellerId, hid: conversations.hid })
      .from(conversations)
      .where(
        and(
          inArray(
            conversations.ideaId,
            rows.map((r) => r.ideaId),
          ),
          inArray(
            conversations.travellerId,
            rows.map((r) => r.userId),
          ),
        ),
      ),
    paymentsOfBookings(
      db,
      rows.map((r) => r.id),
    ),
  ]);
  const conversationOf = (row: BookingRow) =>
    conversationRows.find((c) => c.ideaId === row.ideaId && c.travellerId === row.userId)?.hid ?? null;
  const coverIds = ideaRows.map((i) => i.coverPhotoId).filter((id): id is number => id !== null);
  const coverRows = coverIds.length
    ? await db.select({ id: photos.id, storageKey: photos.storageKey }).from(photos).where(inArray(photos.id, coverIds))
    : [];
  const coverMap = new Map(coverRows.map((p) => [p.id, p.storageKey]));
  const { currencies } = transaction ?? (await catalog());
  const ideaMap = new Map(ideaRows.map((i) => [i.id, i]));
  const dateMap = new Map(dateRows.map((d) => [d.id, d]));
  const travellerMap = new Map(travellerRows.map((u) => [u.id, u]));
  return rows.map((row) => {
    const idea = ideaMap.get(row.ideaId)!;
    const date = dateMap.get(row.ideaDateId)!;
    return {
      id: row.id,
      hid: row.hid,
      type: 'bookings' as const,
      attributes: {
        status: row.status,
        adults: row.adults,
        children: row.children,
        total: row.total,
        currency: row.currency,
        symbol: currencies.get(row.currency)?.symbol ?? row.currency,
        contact: row.contact,
        starts_at: date.startsAt.toISOString(),
        upcoming: date.startsAt > now,
        /** When the trip ends: a review is possible from then on. */
        ends_at: tripEndsAt(date.startsAt, idea.durationMinutes).toISOString(),
        created_at: row.createdAt.toISOString(),
        cancelled_at: row.cancelledAt?.toISOString() ?? null,
        /** Who ended the booking and why (a guide who cancelled the departure says why). */
        traveller_name: travellerMap.get(row.userId)?.name ?? '',
        /** Whose booking it is: the guide (who may open it too) is not offered the traveller's moves. */
        traveller_hid: travellerMap.get(row.userId)?.hid ?? '',
        /** The trip has ended, the booking was not cancelled and has no review yet. */
        can_review:
          // A guide's own booking of their idea (made before such bookings were refused) is never reviewed.
          row.userId !== idea.authorId &&
          !reviewMap.has(row.id) &&
          idea.deletedAt === null &&
          canReview({ status: row.status, startsAt: date.startsAt, durationMinutes: idea.durationMinutes }, now),
        review: reviewMap.get(row.id) ?? null,
        /** The terms the booking was made under, not the idea's current ones. */
        cancellation_policy: row.cancellationPolicy,
        free_cancellation_until: freeCancellationDeadline(row.cancellationPolicy, date.startsAt)?.toISOString() ?? null,
        // A request binds nobody yet: it may be withdrawn until the start.
        can_cancel:
          (['requested', 'countered', 'awaiting_payment'].includes(row.status) && date.startsAt > now) ||
          (row.status === 'confirmed' && cancellationRefusal(row.cancellationPolicy, date.startsAt, now) === null),
        /**
         * A private idea's booking: the start the traveller proposed and the guide's other time (null until the
         * guide counter-proposes); `starts_at` is the time it holds.
         */
        proposal: row.proposedStart
          ? { proposed_start: row.proposedStart.toISOString(), counter_start: row.counterStart?.toISOString() ?? null }
          : null,
        /** A request's deadline for the guide's answer (for a counter-proposal: the traveller's). */
        respond_by: row.respondBy?.toISOString() ?? null,
        /** Who ended a cancelled, declined or expired booking, and the guide's reason for a decline. */
        ended_by: row.endedBy,
        end_reason: row.endReason,
        meeting_point: meetingPointOf(idea, language),
        /** The pair's conversation (/account/messages/{hid}); null for bookings made before there were any. */
        conversation_hid: conversationOf(row),
        /** Paid online: what, and its refunds; null when everything is paid to the guide on the day. */
        payment: bookingMoney(row, moneyRows),
      },
      relationships: {
        idea: {
          data: {
            id: idea.id,
            hid: idea.hid,
            title: pick(idea.title, language),
            // Deleted ideas stay readable in their bookings.
            deleted: idea.deletedAt !== null,
            cover_url:
              idea.coverPhotoId && coverMap.has(idea.coverPhotoId)
                ? mediaUrl(imageKeys(coverMap.get(idea.coverPhotoId)!).cover)
                : null,
          },
        },
      },
    };
  });
}
