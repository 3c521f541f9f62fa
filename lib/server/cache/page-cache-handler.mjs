// Next's cache handler for rendered pages (next.config.ts `cacheHandler`). Next loads it by path at run time,
// outside the bundler and the react-server condition, so it is plain JavaScript without `server-only`.
import FileSystemCache from 'next/dist/server/lib/incremental-cache/file-system-cache.js';
import TagsManifest from 'next/dist/server/lib/incremental-cache/tags-manifest.external.js';
import { countLookup } from './page-cache-lookups.mjs';

import { createRenderStarts, pageTags } from './render-starts.mjs';

/** The default export of Next's own store, however Node's CommonJS interop presents it. */
const NextFileSystemCache = FileSystemCache.default ?? FileSystemCache;
const { areTagsExpired } = TagsManifest;

/** One per process: Next builds a cache handler for every request. */
const renderStarts = createRenderStarts();

/**
 * Next's own store (memory, then `.next` on disk, with its tags and revalidation) that hands out a cached page's
 * HTML as bytes. Next keeps that HTML as a string and answers with `res.end(string)`: Node 20 then encodes the
 * whole page into a fresh buffer three times its length on every answer, which was a quarter of serving a cached
 * idea page. Held as a Buffer, the page is encoded once when it is cached and streamed as it is.
 */
class PageCacheHandler extends NextFileSystemCache {
  /** @type {ConstructorParameters<typeof NextFileSystemCache>[0]} */
  #context;
  /** @type {InstanceType<typeof NextFileSystemCache> | undefined} */
  #memoryOnly;

  /** @param {ConstructorParameters<typeof NextFileSystemCache>[0]} context Next's, passed through */
  constructor(context) {
    super(context);
    this.#context = context;
  }

  /**
   * The same store without its disk (Next's memory store is one for all instances, and bounded in size). Made
   * on the first 404: Next builds a cache handler for every request.
   */
  get #memoryOnlyStore() {
    this.#memoryOnly ??= new NextFileSystemCache({ ...this.#context, flushToDisk: false });
    return this.#memoryOnly;
  }

  /**
   * A page that answers 404 (an unknown idea, place or category) is kept in memory only. Its key comes from the
   * URL, so any made-up id would otherwise add a page to the disk, without bound. A page that turns 404 later
   * is dropped by the app's own invalidation (lib/server/cache/page-cache.ts) and then kept in memory like any other.
   * @param {string} key
   * @param {{ kind?: string, status?: number } | null} data
   * @param {unknown} context
   */
  async set(key, data, context) {
    // A render that began before one of its page's tags was revalidated may show what that revalidation
    // replaced: it is not kept (Next would take it for newer, as it is stamped when stored).
    const start = renderStarts.stored(key);
    if (start && areTagsExpired(pageTags(data), start.at)) return;
    if (data?.kind === 'APP_PAGE' && data.status === 404) return this.#memoryOnlyStore.set(key, data, context);
    return super.set(key, data, context);
  }

  /**
   * @param {...unknown} args the cache key and Next's context, passed through
   * @returns {Promise<{ value?: { kind?: string, html?: unknown } } | null | undefined>}
   */
  async get(...args) {
    const entry = await super.get(...args);
    countLookup(args[1], entry);
    renderStarts.looked(String(args[0]), entry);
    const value = entry?.value;
    // Converted in place, so the entry in Next's memory store is converted once, not on every answer.
    if (value?.kind === 'APP_PAGE' && typeof value.html === 'string') value.html = Buffer.from(value.html);
    return entry;
  }
}

/**
 * With REDIS_URL every process shares one page store in Redis (lib/server/cache/redis-page-cache-handler.mjs), so
 * an invalidation on one process reaches all. `next build` keeps Next's own store: it needs no Redis. An edge
 * runtime, were this file bundled into one, has no Node modules for the Redis client and caches no pages: it keeps
 * Next's store too.
 */
const shared =
  Boolean(process.env.REDIS_URL) &&
  process.env.NEXT_PHASE !== 'phase-production-build' &&
  process.env.NEXT_RUNTIME !== 'edge';

export default shared ? (await import('./redis-page-cache-handler.mjs')).default : PageCacheHandler;
