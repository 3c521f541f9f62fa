import 'server-only';
import { and, asc, eq, gte, isNull, lt } from 'drizzle-orm';
import {
  DEFAULT_DEPARTURE_RANGE_DAYS,
  MAX_DEPARTURE_RANGE_DAYS,
  type DepartureDays,
  type DeparturesQuery,
} from '@/lib/contract/departures';
import type { TextLanguage } from '@/lib/i18n/text-languages';
import { localDay, localDayStart, nextLocalDayStart } from '@/lib/time/local-time';
import type { Viewer } from '../accounts/viewer';
import { getDb } from '../db';
import { ideaDates, ideas } from '../db/schema';
import { invalid } from '../http/problem';
import { departureResource, departureRows } from './departure-resource';

const DAY_MS = 86_400_000;
const dayAfter = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

/**
 * GET /office/departures: the departures of every idea of the signed-in guide in a range of local (Vladivostok)
 * days, grouped by day; cancelled ones stay listed, marked. `next_from` is the day of the first departure after
 * the range, so the page can read on.
 */
export async function listDepartures(
  query: DeparturesQuery,
  viewer: Viewer,
  language: TextLanguage,
  now = new Date(),
): Promise<DepartureDays> {
  const from = query.from ?? localDay(now);
  const to = query.to ?? dayAfter(from, DEFAULT_DEPARTURE_RANGE_DAYS - 1);
  if (to < from) throw invalid({ to: ['Must not be before from.'] });
  if (to > dayAfter(from, MAX_DEPARTURE_RANGE_DAYS - 1))
    throw invalid({ to: [`At most ${MAX_DEPARTURE_RANGE_DAYS} days from from.`] });
  const db = await getDb();
  const own = and(eq(ideas.authorId, viewer.id), isNull(ideas.deletedAt));
  const rows = await departureRows(
    db,
    and(own, gte(ideaDates.startsAt, localDayStart(from)), lt(ideaDates.startsAt, nextLocalDayStart(to))),
  );
  const [later] = await db
    .select({ startsAt: ideaDates.startsAt })
    .from(ideaDates)
    .innerJoin(ideas, eq(ideas.id, ideaDates.ideaId))
    .where(and(own, gte(ideaDates.startsAt, nextLocalDayStart(to))))
    .orderBy(asc(ideaDates.startsAt))
    .limit(1);
  const days = new Map<string, DepartureDays['data'][number]['departures']>();
  for (const row of rows) {
    const resource = departureResource(row, language);
    const list = days.get(resource.attributes.day) ?? [];
    list.push(resource);
    days.set(resource.attributes.day, list);
  }
  return {
    data: [...days].map(([day, departures]) => ({ day, departures })),
    meta: { from, to, next_from: later ? localDay(later.startsAt) : null },
  };
}
