// Counts the page cache handlers' lookups for the metrics. Plain JavaScript like the handlers, which Next loads
// outside the bundler: the totals live on globalThis, where lib/server/ops/metrics/registry.ts reads them at scrape time.

/**
 * Lookups by Next's kind of entry (APP_PAGE, APP_ROUTE, FETCH, …) that found an entry, or none
 * (page_cache_hits_total, page_cache_misses_total).
 * @type {{ hits: Record<string, number>, misses: Record<string, number> }}
 */
const lookups = (globalThis.__sopkaPageCacheLookups ??= { hits: {}, misses: {} });

/**
 * @param {unknown} context Next's context of the lookup, which names the kind of entry
 * @param {{ value?: unknown } | null | undefined} entry what the store answered
 */
export function countLookup(context, entry) {
  const kind = /** @type {{ kind?: string } | undefined} */ (context)?.kind ?? 'unknown';
  const counts = entry?.value ? lookups.hits : lookups.misses;
  counts[kind] = (counts[kind] ?? 0) + 1;
}
