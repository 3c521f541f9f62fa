// Next's cache handler when REDIS_URL is set (chosen in lib/server/cache/page-cache-handler.mjs). Loaded by path outside
// the bundler, like that file, so it is plain JavaScript without `server-only`.
import { CacheHandler } from '@fortedigital/nextjs-cache-handler';
import createRedisHandler from '@fortedigital/nextjs-cache-handler/redis-strings';
import { createNearPageStore } from './near-page-store.mjs';
import { countLookup } from './page-cache-lookups.mjs';
import { redisClient } from './redis-connection.mjs';
import { createRenderStarts } from './render-starts.mjs';
import { createTagRelay } from './tag-relay.mjs';

/** Redis answers a page lookup within this, or the page is rendered as if it were not cached. */
const TIMEOUT_MS = 2_000;
/** Memory each process may keep of shared pages (an idea page with its RSC payload is about 150 kB). */
const NEAR_BYTES = 64 * 1024 * 1024;

/**
 * A page is stamped with the moment its render began, not when it is stored: Redis drops an entry whose path was
 * revalidated after its stamp, so a render that began before a write (on any process) and ends after that write's
 * invalidation is never served.
 */
const renderStarts = createRenderStarts();
/** When this process last dropped memory copies (a tag, or all): a page rendered since began before it is not kept in memory. */
let nearDroppedAt = 0;

/**
 * The page store every process shares: entries and their tags in Redis, under REDIS_KEY_PREFIX and the build id
 * (a new build never serves the pages of an older one, whose scripts are gone). Invalidation (revalidatePath in
 * lib/server/cache/page-cache.ts) stamps the path's tag in Redis and deletes the entries carrying it, so the next
 * request on any process renders afresh.
 *
 * In front, each process keeps the pages it served in memory (near-page-store.mjs): a page answered from Redis
 * costs a round trip and parsing its JSON on every request, a third of the requests per second of one answered
 * from memory. A revalidated tag is published on a Redis channel after Redis itself is updated, and every process
 * drops that tag's pages from its memory when it hears it; after a lost connection, when it may have missed some,
 * it drops them all. A tag this process could not deliver (its connection still opening, or lost) is delivered
 * when the connection is ready again (tag-relay.mjs), so no invalidation is lost to a moment without Redis.
 */
CacheHandler.onCreation(({ buildId }) => {
  const client = redisClient();
  if (!client) throw new Error('REDIS_URL is not set');
  const prefix = `${process.env.REDIS_KEY_PREFIX || 'sopka:'}pages:${buildId ?? 'dev'}:`;
  const channel = `${prefix}revalidated`;
  const redis = createRedisHandler({ client, keyPrefix: prefix, timeoutMs: TIMEOUT_MS });
  const near = createNearPageStore(NEAR_BYTES);
  /** Tells every process (this one's subscriber too) to drop its memory copy of every page. */
  const EVERY_TAG = '*';
  const relay = createTagRelay({
    async deliver(tag) {
      // Fails at once while Redis is away; the relay keeps the tag until the connection is back.
      await redis.revalidateTag(tag);
      await client.publish(channel, tag);
    },
    async deliverAll() {
      for await (const keys of client.scanIterator({ MATCH: `${prefix}*`, COUNT: 1_000 }))
        if (keys.length) await client.unlink(keys);
      await client.publish(channel, EVERY_TAG);
    },
  });
  client.on('ready', () => {
    relay.flush().catch(() => undefined);
  });

  // Connected in the background, like the client: pages are served (rendered) while Redis is away.
  const subscriber = client.duplicate();
  subscriber.on('error', (error) => console.error('Redis subscriber error:', error.message));
  let subscribed = false;
  let subscribing = false;
  // 'ready' comes after the first connection and after every reconnection (the client subscribes again itself).
  subscriber.on('ready', () => {
    nearDroppedAt = Date.now();
    near.clear();
    if (subscribed || subscribing) return;
    subscribing = true;
    subscriber
      .subscribe(channel, (tag) => {
        nearDroppedAt = Date.now();
        if (tag === EVERY_TAG) near.clear();
        else near.invalidate(tag);
      })
      .then(() => {
        subscribed = true;
      })
      .catch(() => undefined)
      .finally(() => {
        subscribing = false;
      });
  });
  subscriber.connect().catch(() => undefined);
  /** Without the channel this process would not hear of other processes' invalidations: no memory copy then. */
  const listening = () => subscriber.isReady && subscribed;

  return {
    handlers: [
      {
        name: 'sopka-redis-pages',
        async get(key, context) {
          const kept = listening() ? near.get(key) : null;
          if (kept) return kept;
          const since = near.generation;
          const entry = await redis.get(key, context);
          if (entry && listening()) near.set(key, entry, since);
          return entry;
        },
        async set(key, entry, context) {
          if (listening() && entry.lastModified > nearDroppedAt) near.set(key, entry);
          // A 404 page (an unknown idea, place or category) stays in this process's memory only, as without
          // Redis: its key comes from the URL, so made-up ids would otherwise fill Redis. It carries its path's
          // tag, so it is dropped like any page when that idea or place comes to exist.
          if (entry.value?.kind === 'APP_PAGE' && entry.value.status === 404) return;
          await redis.set(key, entry, context);
        },
        async revalidateTag(tag) {
          nearDroppedAt = Date.now();
          near.invalidate(tag);
          await relay.send(tag);
        },
        async delete(key) {
          near.delete(key);
          await redis.delete(key);
        },
        prepare: () => redis.prepare(),
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
    // From this process's memory or from Redis alike: a hit is a page not rendered again.
    countLookup(context, entry);
    renderStarts.looked(key, entry);
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

  /**
   * @param {string} key
   * @param {unknown} value
   * @param {{ internal_lastModified?: number } & Record<string, unknown>} [context]
   */
  async set(key, value, context) {
    const start = renderStarts.stored(key);
    return super.set(
      key,
      /** @type {never} */ (value),
      /** @type {never} */ (start ? { ...context, internal_lastModified: start.at } : context),
    );
  }
}
