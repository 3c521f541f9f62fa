import 'server-only';
import { getDb } from '../db';
import type { Db } from '../db/client';
import { categories, currencies, places } from '../db/schema';
import { contentVersions } from './content-versions';

type PlaceRow = typeof places.$inferSelect;
type CurrencyRow = typeof currencies.$inferSelect;
type CategoryRow = typeof categories.$inferSelect;

export interface Catalog {
  places: Map<number, PlaceRow>;
  childrenOf: Map<number, number[]>;
  currencies: Map<string, CurrencyRow>;
  categories: Map<number, CategoryRow>;
}

/**
 * Places, currencies and categories are small and change rarely, yet every listing needs them: each process keeps
 * a copy while the catalog version stays the same. Triggers raise that version (CATALOG_VERSION_ID,
 * migration 0014) on every write to the three tables, through any process, so a place saved through one process is
 * known to all the others on their next request (lib/server/cache/content-versions.ts).
 */
let cached: { db: Db; version: number; catalog: Promise<Catalog> } | undefined;

async function load(db: Db): Promise<Catalog> {
  const [placeRows, currencyRows, categoryRows] = await Promise.all([
    db.select().from(places),
    db.select().from(currencies),
    db.select().from(categories),
  ]);
  const childrenOf = new Map<number, number[]>();
  for (const place of placeRows)
    (childrenOf.get(place.parentId) ?? childrenOf.set(place.parentId, []).get(place.parentId)!).push(place.id);
  return {
    places: new Map(placeRows.map((p) => [p.id, p])),
    childrenOf,
    currencies: new Map(currencyRows.map((c) => [c.code, c])),
    categories: new Map(categoryRows.map((c) => [c.id, c])),
  };
}

export async function catalog(): Promise<Catalog> {
  const db = await getDb();
  const version = (await contentVersions(db)).catalog;
  if (!cached || cached.db !== db || cached.version !== version) {
    const loading = load(db);
    cached = { db, version, catalog: loading };
    loading.catch(() => {
      if (cached?.catalog === loading) cached = undefined;
    });
  }
  return cached.catalog;
}

/** A place and every place below it (the listing's place_id includes children). */
export function descendantsOf(catalog: Catalog, id: number): number[] {
  const out: number[] = [];
  const queue = catalog.places.has(id) ? [id] : [];
  while (queue.length) {
    const next = queue.shift()!;
    out.push(next);
    queue.push(...(catalog.childrenOf.get(next) ?? []));
  }
  return out;
}
