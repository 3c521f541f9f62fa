import 'server-only';
import { and, asc, desc, eq, inArray, like } from 'drizzle-orm';
import type { PlaceResource } from '@/lib/contract/catalog';
import { PLACES_PAGE_SIZE } from '@/lib/constants';
import { getDb } from '../db';
import { places } from '../db/schema';
import { notFound } from '../http/problem';
import { pick } from '../db/localized';
import type { TextLanguage } from '@/lib/i18n/text-languages';

type PlaceRow = typeof places.$inferSelect;

async function withChildFlags(rows: PlaceRow[]): Promise<(PlaceRow & { hasChildren: boolean })[]> {
  if (rows.length === 0) return [];
  const db = await getDb();
  const parents = await db
    .selectDistinct({ parentId: places.parentId })
    .from(places)
    .where(
      inArray(
        places.parentId,
        rows.map((r) => r.id),
      ),
    );
  const withKids = new Set(parents.map((p) => p.parentId));
  return rows.map((row) => ({ ...row, hasChildren: withKids.has(row.id) }));
}

export function placeResource(row: PlaceRow & { hasChildren: boolean }, language: TextLanguage): PlaceResource {
  return {
    id: row.id,
    hid: String(row.id),
    type: 'places',
    attributes: {
      title: pick(row.title, language),
      parent_id: row.parentId,
      lat: row.lat,
      lon: row.lon,
      has_children: row.hasChildren,
    },
    relationships: {},
  };
}

async function respond(rows: PlaceRow[], language: TextLanguage) {
  return { data: (await withChildFlags(rows)).map((row) => placeResource(row, language)) };
}

/** GET /places: the top-level places. */
export async function listTopPlaces(language: TextLanguage) {
  const db = await getDb();
  const rows = await db
    .select()
    .from(places)
    .where(eq(places.parentId, 0))
    .orderBy(desc(places.popularity), asc(places.id))
    .limit(PLACES_PAGE_SIZE);
  return respond(rows, language);
}

/** GET /places/popular */
export async function listPopularPlaces(language: TextLanguage) {
  const db = await getDb();
  const rows = await db.select().from(places).orderBy(desc(places.popularity), asc(places.id)).limit(PLACES_PAGE_SIZE);
  return respond(rows, language);
}

/** GET /places/{id}/children; 404 for an unknown place. */
export async function listChildPlaces(id: number, language: TextLanguage) {
  const db = await getDb();
  const [parent] = await db.select({ id: places.id }).from(places).where(eq(places.id, id));
  if (!parent) throw notFound('There is no such place.');
  const rows = await db
    .select()
    .from(places)
    .where(eq(places.parentId, id))
    .orderBy(desc(places.popularity), asc(places.id));
  return respond(rows, language);
}

/** Local search by name in any language (GET /osm/search without a Nominatim service). */
export async function searchPlaces(title: string, language: TextLanguage) {
  const db = await getDb();
  const needle = `%${title.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const rows = await db
    .select()
    .from(places)
    .where(and(like(places.searchText, needle)))
    .orderBy(desc(places.popularity), asc(places.id))
    .limit(PLACES_PAGE_SIZE);
  return respond(rows, language);
}

export async function getPlace(id: number, language: TextLanguage) {
  const db = await getDb();
  const [row] = await db.select().from(places).where(eq(places.id, id));
  if (!row) throw notFound('There is no such place.');
  const [resource] = (await respond([row], language)).data;
  return { data: resource };
}
