import type { createClient } from 'redis';

export type RedisClient = ReturnType<typeof createClient>;

/** The connected client for REDIS_URL, or null when REDIS_URL is not set (see redis-connection.mjs). */
export function redisClient(): Promise<RedisClient | null>;
/** Closes the connection; the next redisClient() opens a new one. */
export function closeRedis(): Promise<void>;
