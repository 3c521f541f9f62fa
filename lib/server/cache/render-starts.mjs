// When each page render began, so that a render which began before an invalidation is never stored as if it came
// after it (issue 37 §1.6). Plain JavaScript, loaded by the page cache handlers outside the bundler.

/** A render takes far less; a start older than this belongs to a render that failed and will never be stored. */
const FORGET_AFTER_MS = 60_000;

/**
 * Whether Next will render the page after this lookup: nothing is cached, or what is cached has passed its
 * revalidation time (Next then answers it and renders anew in the background).
 * @param {{ lastModified?: number, cacheControl?: { revalidate?: number | false }, lifespan?: { staleAt?: number } | null } | null | undefined} entry
 * @param {number} now
 */
function rendersAfter(entry, now) {
  if (!entry) return true;
  const staleAt = entry.lifespan?.staleAt;
  if (typeof staleAt === 'number') return staleAt * 1000 <= now;
  const revalidate = entry.cacheControl?.revalidate;
  return typeof revalidate === 'number' && typeof entry.lastModified === 'number'
    ? entry.lastModified + revalidate * 1000 <= now
    : false;
}

/**
 * The renders a process has begun, by cache key. A render is preceded by a lookup of its key that missed (or found a
 * stale page) and followed by storing the page under that key: the start is the earliest such lookup not yet
 * followed by a store, so concurrent renders of one page all count from the first of them.
 * @template [Extra=undefined]
 */
export function createRenderStarts() {
  /** @type {Map<string, { at: number, extra: Extra | undefined }>} */
  const starts = new Map();
  return {
    /**
     * Called with what a lookup found.
     * @param {string} key
     * @param {Parameters<typeof rendersAfter>[0]} entry
     * @param {Extra} [extra] anything else the handler needs to know of the moment the render began
     */
    looked(key, entry, extra) {
      const now = Date.now();
      if (!rendersAfter(entry, now) || starts.has(key)) return;
      for (const [oldKey, start] of starts) {
        if (start.at > now - FORGET_AFTER_MS) break;
        starts.delete(oldKey);
      }
      starts.set(key, { at: now, extra });
    },
    /**
     * Called when a render stores its page: when it began (undefined when no lookup is known, e.g. a build).
     * @param {string} key
     */
    stored(key) {
      const start = starts.get(key);
      starts.delete(key);
      return start;
    },
  };
}

/**
 * The tags a page was stored with (Next sends them as a header of the page).
 * @param {{ headers?: Record<string, unknown> } | null | undefined} value
 * @returns {string[]}
 */
export function pageTags(value) {
  const header = value?.headers?.['x-next-cache-tags'];
  return typeof header === 'string' && header ? header.split(',') : [];
}
