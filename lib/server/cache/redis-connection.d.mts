import type { createClient } from 'redis';

export type RedisClient = ReturnType<typeof createClient>;

/**
 * The client for REDIS_URL, or null when REDIS_URL is not set. It connects in the background; while it is not
 * connected (`isReady` false) its commands fail at once (see redis-connection.mjs).
 */
export function redisClient(): RedisClient | null;
/** Closes the connection; the next redisClient() opens a new one. */
export function closeRedis(): Promise<void>;
