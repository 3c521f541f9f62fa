// The process's one Redis connection (REDIS_URL). Plain JavaScript: Next loads the page cache handler, which uses
// it, by path outside the bundler, while app code reaches it through the bundle (lib/server/cache/redis.ts). Both
// module copies share the connection through a global, so a process opens one, not one per copy.
import { createClient } from 'redis';

const KEY = Symbol.for('sopka.redis');
/** A command that Redis does not answer within this fails, rather than holding a request. */
const COMMAND_TIMEOUT_MS = 2_000;

/** @typedef {ReturnType<typeof createClient>} RedisClient */

/** @returns {{ client?: RedisClient }} */
function state() {
  const holder = /** @type {Record<symbol, { client?: RedisClient }>} */ (/** @type {unknown} */ (globalThis));
  holder[KEY] ??= {};
  return holder[KEY];
}

/**
 * The client for REDIS_URL, or null when REDIS_URL is not set. It connects in the background and reconnects by
 * itself; while it is not connected (`isReady` false) its commands fail at once instead of waiting, so a Redis
 * that is down costs requests nothing but their cache.
 * @returns {RedisClient | null}
 */
export function redisClient() {
  const url = process.env.REDIS_URL;
  if (!url) return null;
  const current = state();
  if (!current.client) {
    const client = createClient({
      url,
      disableOfflineQueue: true,
      commandOptions: { timeout: COMMAND_TIMEOUT_MS },
      socket: {
        connectTimeout: COMMAND_TIMEOUT_MS,
        reconnectStrategy: (retries) => Math.min(100 * 2 ** retries, 2_000),
      },
    });
    // A lost connection is an event, never a crash: the client reconnects on its own.
    client.on('error', (error) => console.error('Redis connection error:', error.message));
    client.connect().catch(() => undefined);
    current.client = client;
  }
  return current.client;
}

/** Closes the connection (at shutdown and in tests); the next redisClient() opens a new one. */
export async function closeRedis() {
  const current = state();
  const client = current.client;
  current.client = undefined;
  // close() lets the commands under way finish; a connection still being attempted is just dropped.
  if (client?.isReady) await client.close();
  else if (client?.isOpen) client.destroy();
}
