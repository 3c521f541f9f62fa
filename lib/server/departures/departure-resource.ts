import 'server-only';
import { eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { DepartureResource } from '@/lib/contract/departures';
import { parseIdOrHid } from '@/lib/contract/ids';
import type { TextLanguage } from '@/lib/i18n/text-languages';
import { localDay, localTime } from '@/lib/time/local-time';
import { isModerator, type Viewer } from '../accounts/viewer';
import { getDb, type Tx } from '../db';
import { fromHid, toHid } from '../db/hids';
import type { Db } from '../db/client';
import { pick } from '../db/localized';
import { bookings, ideaDates, ideas } from '../db/schema';
import { forbidden, notFound } from '../http/problem';
import { LIVE_BOOKING_STATUSES } from '../ideas/next-date';

export type DateRow = typeof ideaDates.$inferSelect;
export type IdeaRow = typeof ideas.$inferSelect;

/** Seats held and requests waiting on each departure, from its live bookings (a cancelled departure has none). */
const seatsTaken = sql<number>`coalesce(sum(${bookings.adults} + ${bookings.children}) filter (where ${inArray(bookings.status, LIVE_BOOKING_STATUSES)}), 0)::int`;
const requestsWaiting = sql<number>`(count(*) filter (where ${bookings.status} = 'requested'))::int`;
const bookingsCount = sql<number>`(count(${bookings.id}) filter (where ${inArray(bookings.status, LIVE_BOOKING_STATUSES)}))::int`;

/** Departures with their idea and booking counts, as the list and the manifest answer them, in time order. */
export async function departureRows(executor: Db | Tx, where: SQL | undefined) {
  return executor
    .select({ date: ideaDates, idea: ideas, seatsTaken, requestsWaiting, bookingsCount })
    .from(ideaDates)
    .innerJoin(ideas, eq(ideas.id, ideaDates.ideaId))
    .leftJoin(bookings, eq(bookings.ideaDateId, ideaDates.id))
    .where(where)
    .groupBy(ideaDates.id, ideas.id)
    .orderBy(ideaDates.startsAt, ideaDates.id);
}

export type DepartureRow = Awaited<ReturnType<typeof departureRows>>[number];

export function departureResource(row: DepartureRow, language: TextLanguage): DepartureResource {
  const { date, idea } = row;
  return {
    id: date.id,
    hid: toHid(date.id),
    type: 'departures',
    attributes: {
      idea_hid: idea.hid,
      idea_title: pick(idea.title, language),
      starts_at: date.startsAt.toISOString(),
      day: localDay(date.startsAt),
      time: localTime(date.startsAt),
      seats_total: date.seatsTotal,
      seats_taken: row.seatsTaken,
      requests_waiting: row.requestsWaiting,
      bookings_count: row.bookingsCount,
      cancelled_at: date.cancelledAt?.toISOString() ?? null,
      cancel_reason: date.cancelReason,
    },
    relationships: {},
  };
}

/** The departure id a path param (its id or hid) names, or null. */
function departureId(param: string): number | null {
  const parsed = parseIdOrHid(param);
  if (!parsed) return null;
  return parsed.kind === 'id' ? parsed.id : fromHid(parsed.hid);
}

/**
 * The departure a path param names, for its idea's author or a moderator. Anyone else learns nothing, not even
 * that it exists: 404, as for an unknown id.
 */
export async function requireOwnDeparture(param: string, viewer: Viewer): Promise<DepartureRow> {
  const id = departureId(param);
  const [row] = id ? await departureRows(await getDb(), eq(ideaDates.id, id)) : [];
  if (!row || row.idea.deletedAt || (row.idea.authorId !== viewer.id && !isModerator(viewer)))
    throw notFound('There is no such departure.');
  return row;
}

/** A departure's changes (messages to its guests, cancelling) are the guide's own: a moderator only reads. */
export async function requireGuideOfDeparture(param: string, viewer: Viewer): Promise<DepartureRow> {
  const row = await requireOwnDeparture(param, viewer);
  if (row.idea.authorId !== viewer.id) throw forbidden('Only the guide of this departure can do this.');
  return row;
}
