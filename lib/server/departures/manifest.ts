import 'server-only';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Manifest, ManifestEntry } from '@/lib/contract/departures';
import type { TextLanguage } from '@/lib/i18n/text-languages';
import type { Viewer } from '../accounts/viewer';
import { transaction, type Tx } from '../db';
import { bookings, conversations, users } from '../db/schema';
import { openConversation, type Conversation } from '../conversations/post-message';
import { departureResource, requireOwnDeparture, type DepartureRow } from './departure-resource';

type BookingRow = typeof bookings.$inferSelect;

/** Live bookings first (requests, then the rest by time of booking), ended ones after them. */
const stateOrder = sql`case ${bookings.status} when 'requested' then 0 when 'awaiting_payment' then 1 when 'confirmed' then 1 else 2 end`;

/**
 * The conversation of each traveller of these bookings with the guide, opened now where they never wrote
 * (bookings made before there were conversations).
 */
export async function conversationsOf(
  tx: Tx,
  ideaId: number,
  guideId: number,
  travellerIds: number[],
): Promise<Map<number, Conversation>> {
  const unique = [...new Set(travellerIds)];
  if (unique.length === 0) return new Map();
  const found = await tx
    .select()
    .from(conversations)
    .where(and(eq(conversations.ideaId, ideaId), inArray(conversations.travellerId, unique)));
  const byTraveller = new Map(found.map((c) => [c.travellerId, c]));
  for (const travellerId of unique)
    if (!byTraveller.has(travellerId))
      byTraveller.set(travellerId, await openConversation(tx, { ideaId, travellerId, guideId }));
  return byTraveller;
}

function entryOf(booking: BookingRow, accountEmail: string | null, conversation: Conversation): ManifestEntry {
  // Contacts stay on the platform until the guide has confirmed the booking (issue 39).
  const confirmed = booking.status === 'confirmed';
  return {
    booking_hid: booking.hid,
    status: booking.status,
    name: booking.contact.name,
    adults: booking.adults,
    children: booking.children,
    phone: confirmed ? (booking.contact.phone ?? null) : null,
    email: confirmed ? (booking.contact.email ?? accountEmail) : null,
    comment: confirmed ? (booking.contact.comment ?? null) : null,
    conversation_hid: conversation.hid,
    end_reason: booking.endReason,
  };
}

/** The manifest of a departure already checked to be the viewer's: its bookings with their conversations. */
export async function manifestOf(row: DepartureRow, language: TextLanguage): Promise<Manifest> {
  const entries = await transaction(async (tx) => {
    const list = await tx
      .select({ booking: bookings, email: users.email })
      .from(bookings)
      .innerJoin(users, eq(users.id, bookings.userId))
      .where(eq(bookings.ideaDateId, row.date.id))
      .orderBy(stateOrder, asc(bookings.createdAt), asc(bookings.id));
    const byTraveller = await conversationsOf(
      tx,
      row.idea.id,
      row.idea.authorId,
      list.map((r) => r.booking.userId),
    );
    return list.map((r) => entryOf(r.booking, r.email, byTraveller.get(r.booking.userId)!));
  });
  const resource = departureResource(row, language);
  return { ...resource, relationships: { bookings: { data: entries } } };
}

/** GET /office/departures/{id}: the idea's author or a moderator; anyone else 404. */
export async function getManifest(param: string, viewer: Viewer, language: TextLanguage) {
  return { data: await manifestOf(await requireOwnDeparture(param, viewer), language) };
}
