// The copy of shared cached pages each process keeps in memory in front of Redis (see redis-page-cache-handler.mjs).
// Plain JavaScript for the same reason as that file.

/**
 * @typedef {{ lastModified: number, tags?: readonly string[], value: { html?: { length: number }, rscData?: { length: number }, body?: { length: number }, segmentData?: Map<string, { length: number }> } | null }} Entry
 */

/** @param {Entry} entry an entry's size in bytes, near enough (a string's length for its UTF-8 size) */
function sizeOf({ value }) {
  let bytes = 1;
  for (const part of [value?.html, value?.rscData, value?.body]) bytes += part?.length ?? 0;
  for (const segment of value?.segmentData?.values() ?? []) bytes += segment.length;
  return bytes;
}

/**
 * Recently served pages, bounded in bytes, least recently used out first. It never decides on its own that a page
 * is current: pages come from Redis or from this process's renders, and invalidate() drops a tag's pages when any
 * process revalidates it. A page read from Redis while an invalidation arrived may be the old one, so it is served
 * once and not kept (`generation` tells).
 * @param {number} maxBytes
 */
export function createNearPageStore(maxBytes) {
  /** @type {Map<string, { entry: Entry, bytes: number }>} */
  const entries = new Map();
  let bytes = 0;
  let generation = 0;

  /** @param {string} key */
  function drop(key) {
    const kept = entries.get(key);
    if (!kept) return;
    entries.delete(key);
    bytes -= kept.bytes;
  }

  return {
    /** Read before asking Redis, and handed back to set() with what Redis answered. */
    get generation() {
      return generation;
    },
    /** @param {string} key */
    get(key) {
      const kept = entries.get(key);
      if (!kept) return null;
      // Map order doubles as recency: move the entry to the end.
      entries.delete(key);
      entries.set(key, kept);
      return kept.entry;
    },
    /**
     * @param {string} key
     * @param {Entry} entry
     * @param {number} [since] the generation before the entry was read elsewhere; omitted for a fresh render
     */
    set(key, entry, since = generation) {
      if (since !== generation) return;
      drop(key);
      const size = sizeOf(entry);
      // One huge page must not push out everything else.
      if (size > maxBytes / 8) return;
      entries.set(key, { entry, bytes: size });
      bytes += size;
      while (bytes > maxBytes) drop(/** @type {string} */ (entries.keys().next().value));
    },
    /** @param {string} tag a revalidated tag (revalidatePath's `_N_T_/path` among them) */
    invalidate(tag) {
      generation++;
      for (const [key, { entry }] of entries) if (entry.tags?.includes(tag)) drop(key);
    },
    /** After a gap in hearing of invalidations (a lost connection to Redis): nothing kept can be trusted. */
    clear() {
      generation++;
      entries.clear();
      bytes = 0;
    },
    delete: drop,
  };
}
