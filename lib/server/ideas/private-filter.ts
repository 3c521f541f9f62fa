import 'server-only';
import { sql, type SQL } from 'drizzle-orm';
import { DEFAULT_SLOT_MINUTES, PROPOSAL_HORIZON_DAYS, PROPOSAL_LEAD_HOURS } from '@/lib/bookings/private-slots';
import { localDay, localStartMinute } from '@/lib/time/local-time';
import { ideaAvailability, ideaBlockedDays, ideas } from '../db/schema';

/**
 * A listing's dates and time of day for private ideas, which have no departures: an idea matches when its weekly
 * availability offers a start in the range (Vladivostok days, minus its blocked days, at least the proposal lead
 * from now) and in the window of the day. Slots that other bookings hold are not subtracted: a day they fill
 * completely still matches, and its page says there is no free time.
 *
 * The matching ideas are one uncorrelated subquery over idea_availability (rows only private ideas have), so the
 * listing tests `id = any(array(...))`: the primary key answers it, beside the departure_days index of the others.
 */

const DAY_MS = 86_400_000;

/** Local days `[from, to]` (either may be absent) of a listing's filter. */
export type DayRange = readonly [from: string | undefined, to: string | undefined];

/** Minutes after local midnight `[start, end)` a start must fall in. */
export type MinuteWindow = readonly [start: number, end: number];

export function privateStartsMatch(ranges: readonly DayRange[], window: MinuteWindow, now: Date): SQL {
  const lead = new Date(now.getTime() + PROPOSAL_LEAD_HOURS * 3_600_000);
  const leadDay = localDay(lead);
  const leadMinute = localStartMinute(lead) + (lead.getUTCSeconds() || lead.getUTCMilliseconds() ? 1 : 0);
  // The horizon's own day is left out: most of its starts are past it.
  const lastDay = localDay(new Date(now.getTime() + (PROPOSAL_HORIZON_DAYS - 1) * DAY_MS));
  const matches = (ranges.length ? ranges : [[undefined, undefined] as DayRange]).map(([from, to]) => {
    const until = to ?? from;
    const first = from && from > leadDay ? from : leadDay;
    const last = until && until < lastDay ? until : lastDay;
    return first > last
      ? sql`false`
      : sql`${ideas.id} = any(array(${startsBetween(first, last, window, [leadDay, leadMinute])}))`;
  });
  return sql.join(matches, sql` and `);
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
  return sql`select distinct ${w.ideaId} from ${w}
    join ${ideas} p on p.id = ${w.ideaId} and p.format = 'private' and p.status = 'published' and p.deleted_at is null
    join generate_series(${first}::date, ${last}::date, interval '1 day') as g(day) on extract(isodow from g.day) = ${w.weekday}
    where ${firstStart} + ${duration} <= ${w.endMinute} and ${firstStart} < ${end}
    and not exists (select 1 from ${ideaBlockedDays} b where b.idea_id = ${w.ideaId} and b.day = g.day::date)`;
}
