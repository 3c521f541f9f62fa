import 'server-only';
import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { DEFAULT_SLOT_MINUTES, PROPOSAL_HORIZON_DAYS, PROPOSAL_LEAD_HOURS } from '@/lib/bookings/private-slots';
import { localDay, localStartMinute } from '@/lib/time/local-time';
import { contentVersions } from '../cache/content-versions';
import { getDb } from '../db';
import { rowsOf } from '../db/client';
import { ideaAvailability, ideaBlockedDays, ideas } from '../db/schema';

/**
 * The private ideas a listing's dates and time of day find, which have no departures: those whose weekly
 * availability offers a start on a day of every range (Vladivostok days, minus their blocked days, at least the
 * proposal lead from now) in the window of the day. Slots that other bookings hold are not subtracted: a day they
 * fill completely still matches, and its page says there is no free time.
 *
 * Read as a list of ids before the listing's statement (filters.ts tests `id = any(ids)` beside the departure_days
 * index, or nothing when no private idea matches): inside the statement, the subquery ran twice (the page and its
 * count) and doubled the statement's planning; on PGlite that was most of a dated listing's statement.
 */

const DAY_MS = 86_400_000;

/** Local days `[from, to]` of a listing's filter (a missing `to` is `from`; a missing `from`, no range). */
export type DayRange = readonly [from: string | undefined, to: string | undefined];

/** Minutes after local midnight `[start, end)` a start must fall in. */
export type MinuteWindow = readonly [start: number, end: number];

/** Lists read per process, by their statement's parameters and the content version (private ideas are few). */
const CACHED_LISTS = 500;
const cachedLists = new Map<string, Promise<number[]>>();
const dialect = new PgDialect();

/**
 * The ids `privateStartIds` selects. Kept per content version, which every write to an idea, its availability and
 * its blocked days raises (migrations 0003 and 0033); the lead moves the key on every minute.
 */
export async function privateStartIdList(
  ranges: readonly DayRange[],
  window: MinuteWindow,
  now: Date,
): Promise<number[]> {
  const db = await getDb();
  const statement = privateStartIds(ranges, window, now);
  const rendered = dialect.sqlToQuery(statement);
  const key = `${(await contentVersions(db)).content} ${rendered.sql} ${JSON.stringify(rendered.params)}`;
  let list = cachedLists.get(key);
  if (!list) {
    list = db.execute(statement).then((result) => rowsOf<{ id: number }>(result).map((row) => Number(row.id)));
    // A failed read is not kept: the next listing asks again.
    list.catch(() => cachedLists.delete(key));
    if (cachedLists.size >= CACHED_LISTS) cachedLists.delete(cachedLists.keys().next().value!);
    cachedLists.set(key, list);
  }
  return list;
}

function privateStartIds(ranges: readonly DayRange[], window: MinuteWindow, now: Date): SQL {
  const lead = new Date(now.getTime() + PROPOSAL_LEAD_HOURS * 3_600_000);
  const leadDay = localDay(lead);
  const leadMinute = localStartMinute(lead) + (lead.getUTCSeconds() || lead.getUTCMilliseconds() ? 1 : 0);
  // Every range holds the start (as one departure must be in every range); the horizon's own day is left out.
  let first = leadDay;
  let last = localDay(new Date(now.getTime() + (PROPOSAL_HORIZON_DAYS - 1) * DAY_MS));
  for (const [from, to] of ranges) {
    if (!from) continue;
    if (from > first) first = from;
    if ((to ?? from) < last) last = to ?? from;
  }
  if (first > last) return sql`select null::integer where false`;
  return startsBetween(first, last, window, [leadDay, leadMinute]);
}

/** The private ideas with a start on a day from `first` to `last` in the window, none before the lead. */
function startsBetween(
  first: string,
  last: string,
  [start, end]: MinuteWindow,
  [leadDay, leadMinute]: [string, number],
) {
  const w = ideaAvailability;
  const step = sql`p.slot_step_minutes`;
  const duration = sql`coalesce(p.duration_minutes, ${DEFAULT_SLOT_MINUTES})`;
  // The earliest minute of the day a start may take, and the window's first start at or after it.
  const earliest = sql`greatest(${start}, case when g.day = ${leadDay}::date then ${leadMinute} else 0 end)`;
  const firstStart = sql`(${w.startMinute} + (greatest(0, ${earliest} - ${w.startMinute}) + ${step} - 1) / ${step} * ${step})`;
  return sql`select distinct ${w.ideaId} as id from ${w}
    join ${ideas} p on p.id = ${w.ideaId} and p.format = 'private' and p.status = 'published' and p.deleted_at is null
    join generate_series(${first}::date, ${last}::date, interval '1 day') as g(day) on extract(isodow from g.day) = ${w.weekday}
    where ${firstStart} + ${duration} <= ${w.endMinute} and ${firstStart} < ${end}
    and not exists (select 1 from ${ideaBlockedDays} b where b.idea_id = ${w.ideaId} and b.day = g.day::date)`;
}
