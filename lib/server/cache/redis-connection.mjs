// The process's one Redis connection (REDIS_URL). Plain JavaScript: Next loads the page cache handler, which uses
// it, by path outside the bundler, while app code reaches it through the bundle (lib/server/cache/redis.ts). Both
// module copies share the connection through a global, so a process opens one, not one per copy.
import { createClient } from 'redis';

const KEY = Symbol.for('sopka.redis');
/** A command that Redis does not answer within this fails, rather than holding a request. */
const COMMAND_TIMEOUT_MS = 2_000;

/** @typedef {ReturnType<typeof createClient>} RedisClient */

/** @returns {{ client?: RedisClient, connecting?: Promise<RedisClient> }} */
function state() {
  const holder = /** @type {Record<symbol, { client?: RedisClient, connecting?: Promise<RedisClient> }>} */ (
    /** @type {unknown} */ (globalThis)
  );
  holder[KEY] ??= {};
  return holder[KEY];
}

/**
 * The connected client for REDIS_URL, or null when REDIS_URL is not set. Reconnects by itself after a lost
 * connection; commands issued meanwhile fail fast instead of queueing.
 * @returns {Promise<RedisClient | null>}
 */
export async function redisClient() {
  const url = process.env.REDIS_URL;
  if (!url) return null;
  const current = state();
  if (current.client) return current.client;
  current.connecting ??= (async () => {
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
    try {
      await client.connect();
    } catch (error) {
      client.destroy();
      throw error;
    }
    current.client = client;
    return client;
  })().finally(() => {
    current.connecting = undefined;
  });
  return current.connecting;
}

/** Closes the connection (at shutdown and in tests); the next redisClient() opens a new one. */
export async function closeRedis() {
  const current = state();
  const client = current.client ?? (await current.connecting?.catch(() => undefined));
  current.client = undefined;
  if (client?.isOpen) await client.close();
}
