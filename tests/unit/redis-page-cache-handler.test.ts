/**
 * The shared page store (lib/server/cache/redis-page-cache-handler.mjs) against a real Redis (TEST_REDIS_URL, by
 * default database 1 of 127.0.0.1:6379; skipped, saying so, when none answers). Keys of this run only.
 */
import { randomBytes } from 'node:crypto';
import { createClient } from 'redis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redisAnswers, TEST_REDIS_URL } from '../support/redis';

const REDIS_URL = TEST_REDIS_URL;
const KEY_PREFIX = `sopka-unit-${randomBytes(4).toString('hex')}:`;

const redisUp = await redisAnswers(REDIS_URL);
if (!redisUp) console.warn(`Skipping the shared page store's tests: Redis does not answer at ${REDIS_URL}.`);

type Handler = {
  get(key: string, context: unknown): Promise<{ value?: { html?: unknown } } | null>;
  set(key: string, value: unknown, context: unknown): Promise<void>;
  revalidateTag(tag: string): Promise<void>;
};
let handler: Handler;
let closeRedis: () => Promise<void>;

beforeAll(async () => {
  if (!redisUp) return;
  process.env.REDIS_URL = REDIS_URL;
  process.env.REDIS_KEY_PREFIX = KEY_PREFIX;
  const connection = await import('@/lib/server/cache/redis-connection.mjs');
  closeRedis = connection.closeRedis;
  const client = connection.redisClient()!;
  while (!client.isReady) await new Promise((resolve) => setTimeout(resolve, 20));
  const { default: RedisPageCacheHandler } = await import('@/lib/server/cache/redis-page-cache-handler.mjs');
  handler = new (RedisPageCacheHandler as unknown as new (context: unknown) => Handler)({
    serverDistDir: '/nonexistent',
    revalidatedTags: [],
    _requestHeaders: {},
    buildId: 'unit',
  });
  // The handler's channel subscription opens in the background; memory copies are kept only once it listens.
  await new Promise((resolve) => setTimeout(resolve, 300));
});

afterAll(async () => {
  if (!redisUp) return;
  const cleaner = createClient({ url: REDIS_URL });
  await cleaner.connect();
  for await (const keys of cleaner.scanIterator({ MATCH: `${KEY_PREFIX}*`, COUNT: 1_000 }))
    if (keys.length) await cleaner.unlink(keys);
  cleaner.destroy();
  await closeRedis();
});

const lookup = (path: string) => ({
  kind: 'APP_PAGE',
  isRoutePPREnabled: false,
  isFallback: false,
  softTags: [`_N_T_${path}`],
});
const page = (path: string, html: string) => ({
  kind: 'APP_PAGE',
  html,
  rscData: Buffer.from('0:{}'),
  headers: { 'x-next-cache-tags': `_N_T_${path}` },
  status: 200,
});
const storing = { cacheControl: { revalidate: 60, expire: undefined }, isRoutePPREnabled: false };
const nextMillisecond = async () => {
  const now = Date.now();
  while (Date.now() <= now) await new Promise((resolve) => setTimeout(resolve, 1));
};

describe.skipIf(!redisUp)('the shared page store', () => {
  it('never serves a page whose render began before a write to it was invalidated, on any process', async () => {
    const path = '/en/go/slow-render';
    // The lookup misses: a render begins, reading the idea as it is now.
    expect(await handler.get(path, lookup(path))).toBeNull();
    await nextMillisecond();
    // A write lands while it renders (the database answered slowly), and its invalidation reaches Redis.
    await handler.revalidateTag(`_N_T_${path}`);
    // The slow render ends and stores what it read before the write.
    await handler.set(path, page(path, '<p>before the write</p>'), storing);

    expect(await handler.get(path, lookup(path))).toBeNull();
    // That lookup began a render after the write: it is kept, and served.
    await handler.set(path, page(path, '<p>after the write</p>'), storing);
    const served = await handler.get(path, lookup(path));
    expect(Buffer.from(served?.value?.html as Buffer).toString()).toBe('<p>after the write</p>');
  });
});
