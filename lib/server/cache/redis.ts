import 'server-only';

/**
 * Redis (REDIS_URL) for app code: the page cache's shared store, and what readiness checks ask. One connection per
 * process, shared with the page cache handler that Next loads outside the bundle (see redis-connection.mjs).
 */
export { closeRedis, redisClient, type RedisClient } from './redis-connection.mjs';
