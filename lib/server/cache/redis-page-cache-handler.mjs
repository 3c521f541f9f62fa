// Next's cache handler when REDIS_URL is set (chosen in lib/server/page-cache-handler.mjs). Loaded by path outside
// the bundler, like that file, so it is plain JavaScript without `server-only`.
import { CacheHandler } from '@fortedigital/nextjs-cache-handler';
import createRedisHandler from '@fortedigital/nextjs-cache-handler/redis-strings';
import { redisClient } from './redis-connection.mjs';

/**
 * A 404 page (an unknown idea, place or category) is kept this long, not the page's full lifetime: its key comes
 * from the URL, so made-up ids would otherwise fill Redis. Short enough that such keys cannot pile up.
 */
const NOT_FOUND_SECONDS = 10;
/** Redis answers a page lookup within this, or the page is rendered as if it were not cached. */
const TIMEOUT_MS = 2_000;

/**
 * The page store every process shares: entries and their tags in Redis, under REDIS_KEY_PREFIX and the build id
 * (a new build never serves the pages of an older one, whose scripts are gone). Invalidation (revalidatePath in
 * lib/server/page-cache.ts) stamps the path's tag in Redis and deletes the entries carrying it, so the next
 * request on any process renders afresh. There is no per-process copy in front, so nothing is left to invalidate.
 */
CacheHandler.onCreation(async ({ buildId }) => {
  const client = await redisClient();
  if (!client) throw new Error('REDIS_URL is not set');
  const redis = createRedisHandler({
    client,
    keyPrefix: `${process.env.REDIS_KEY_PREFIX || 'sopka:'}pages:${buildId ?? 'dev'}:`,
    timeoutMs: TIMEOUT_MS,
  });
  return {
    handlers: [
      {
        ...redis,
        name: 'sopka-redis-pages',
        async set(key, entry, context) {
          const notFound = entry.value?.kind === 'APP_PAGE' && entry.value.status === 404;
          if (notFound && entry.lifespan) {
            const expireAt = Math.floor(Date.now() / 1000) + NOT_FOUND_SECONDS;
            entry = { ...entry, lifespan: { ...entry.lifespan, expireAt, expireAge: NOT_FOUND_SECONDS } };
          }
          return redis.set(key, entry, context);
        },
      },
    ],
  };
});

export default class RedisPageCacheHandler extends CacheHandler {
  /**
   * @param {string} key
   * @param {object} [context]
   * @returns {Promise<{ value?: { kind?: string, html?: unknown } | null, lifespan?: { revalidate?: number | false } | null, cacheControl?: unknown } | null>}
   */
  async get(key, context) {
    const entry = await super.get(key, context);
    const value = entry?.value;
    // Next answers a string page with `res.end(string)`, which encodes it three times its length on every
    // answer (see page-cache-handler.mjs); as bytes it is encoded once here and streamed as it is.
    if (value?.kind === 'APP_PAGE' && typeof value.html === 'string') value.html = Buffer.from(value.html);
    // The page's own lifetime travels with it: a process that did not render the page would otherwise take
    // it for one revalidated every second (Next's default for a route it has no lifetime of).
    if (entry?.lifespan && !entry.cacheControl)
      entry.cacheControl = { revalidate: entry.lifespan.revalidate, expire: undefined };
    return entry;
  }
}
