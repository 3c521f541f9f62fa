import 'server-only';
import { z } from 'zod';
import type { OsmPlaceResource } from '@/lib/contract/osm';
import { PLACES_PAGE_SIZE } from '@/lib/constants';
import { env } from '../platform/env';
import { notFound } from '../http/problem';
import type { TextLanguage } from '@/lib/i18n/text-languages';
import { eq } from 'drizzle-orm';
import type { saveSelectedBody } from '@/lib/contract/osm';
import { getDb } from '../db';
import { places } from '../db/schema';
import { invalid } from '../http/problem';
import { searchTextOf } from '../db/localized';
import { getPlace, searchPlaces } from './place-queries';

const NOMINATIM_TIMEOUT_MS = 3_000;

const nominatimItem = z.object({
  osm_type: z.enum(['node', 'way', 'relation']),
  osm_id: z.number(),
  lat: z.coerce.number(),
  lon: z.coerce.number(),
  name: z.string().optional(),
  display_name: z.string(),
});

function toResource(item: z.infer<typeof nominatimItem>): OsmPlaceResource {
  const id = `${item.osm_type[0].toUpperCase()}${item.osm_id}`;
  return {
    id,
    hid: id,
    type: 'osmPlaces',
    attributes: {
      title: item.name || item.display_name.split(',')[0],
      display_name: item.display_name,
      lat: item.lat,
      lon: item.lon,
    },
    relationships: {},
  };
}

const acceptLanguage = (language: TextLanguage) => (language === 'zh' ? 'zh-CN,zh' : language);

/** Asks the configured Nominatim-compatible service; an unreachable service just adds nothing. */
async function nominatim(
  path: string,
  params: Record<string, string>,
  language: TextLanguage,
): Promise<OsmPlaceResource[]> {
  const base = env().NOMINATIM_URL;
  if (!base) return [];
  const url = new URL(path, base.endsWith('/') ? base : `${base}/`);
  for (const [key, value] of Object.entries({
    ...params,
    format: 'jsonv2',
    'accept-language': acceptLanguage(language),
  }))
    url.searchParams.set(key, value);
  try {
    const response = await fetch(url, {
      signal: AbortSignal.timeout(NOMINATIM_TIMEOUT_MS),
      headers: { 'user-agent': 'Sopka/1.0' },
    });
    if (!response.ok) return [];
    const parsed = z.array(nominatimItem).safeParse(await response.json());
    return parsed.success ? parsed.data.map(toResource) : [];
  } catch {
    return [];
  }
}

/** GET /osm/search: our own places first, then map results when a Nominatim service is configured. */
export async function searchOsm(title: string, language: TextLanguage) {
  const [local, remote] = await Promise.all([
    searchPlaces(title, language),
    nominatim('search', { q: title, countrycodes: 'ru', limit: String(PLACES_PAGE_SIZE) }, language),
  ]);
  return { data: [...local.data, ...remote] };
}

/** GET /osm/{id}: a local place by id, or one OpenStreetMap object through Nominatim. */
export async function getOsmPlace(id: string, language: TextLanguage) {
  if (/^\d+$/.test(id)) return getPlace(Number(id), language);
  const [found] = await nominatim('lookup', { osm_ids: id }, language);
  if (!found) throw notFound('There is no such place.');
  return { data: found };
}

/**
 * POST /osm/saveSelected (signed in): keeps a chosen map result as a place, once per OpenStreetMap id.
 * With a map service the title and position come from it; without one, from the request.
 */
export async function saveSelected(body: z.infer<typeof saveSelectedBody>, language: TextLanguage) {
  const db = await getDb();
  const [existing] = await db.select({ id: places.id }).from(places).where(eq(places.osmId, body.id));
  if (existing) return getPlace(existing.id, language);
  const [looked] = await nominatim('lookup', { osm_ids: body.id }, language);
  const title = looked?.attributes.title ?? body.title;
  const lat = looked?.attributes.lat ?? body.lat;
  const lon = looked?.attributes.lon ?? body.lon;
  if (!title || lat === undefined || lon === undefined)
    throw invalid({ title: ['Give the title, lat and lon of the place.'] });
  if (body.parent_id) {
    const [parent] = await db.select({ id: places.id }).from(places).where(eq(places.id, body.parent_id));
    if (!parent) throw invalid({ parent_id: ['There is no such place.'] });
  }
  const text = { ru: title, en: title, zh: title };
  const [row] = await db
    .insert(places)
    .values({ parentId: body.parent_id ?? 0, title: text, searchText: searchTextOf(text), lat, lon, osmId: body.id })
    .onConflictDoNothing({ target: places.osmId })
    .returning({ id: places.id });
  if (row) return getPlace(row.id, language);
  const [raced] = await db.select({ id: places.id }).from(places).where(eq(places.osmId, body.id));
  return getPlace(raced.id, language);
}
