import 'server-only';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { getDb } from '../db';
import { redisClient, type RedisClient } from '../cache/redis';
import { logger } from '../ops/logger';
import { env } from '../platform/env';
import { wakeStreams } from './bus';

/**
 * How a process tells the others which users have new events: Redis pub/sub when REDIS_URL is set, else
 * PostgreSQL NOTIFY/LISTEN when DATABASE_URL is, else nothing (PGlite serves one process). A message is
 * `<process id> <user id>,<user id>,…`; a process hears its own and skips it, having woken its streams at once.
 * Losing one costs nothing but time: every stream's process also checks for new rows every 15 s (streams.ts).
 */
export const PG_CHANNEL = 'sopka_events';
/** NOTIFY payloads end at 8000 bytes: a longer list of users goes in several. */
const MAX_MESSAGE_BYTES = 7_000;
const RECONNECT_MAX_MS = 30_000;

export interface Listener {
  close(): Promise<void>;
}

/** What a relay hears: the users to wake, or `null` after a lost connection (wake every stream). */
type Heard = (userIds: number[] | null) => void;

const encode = (processId: string, userIds: readonly number[]): string[] => {
  const messages: string[] = [];
  let ids: number[] = [];
  for (const id of userIds) {
    ids.push(id);
    if (processId.length + ids.join(',').length > MAX_MESSAGE_BYTES) {
      messages.push(`${processId} ${ids.join(',')}`);
      ids = [];
    }
  }
  if (ids.length > 0) messages.push(`${processId} ${ids.join(',')}`);
  return messages;
};

/** The users of a message from another process, or null for this process's own or a malformed one. */
export function decode(processId: string, message: string): number[] | null {
  const [from, list] = message.split(' ');
  if (from === processId || !list) return null;
  const ids = list.split(',').map(Number).filter(Number.isSafeInteger);
  return ids.length > 0 ? ids : null;
}

/** How wakes travel between this deployment's processes. */
export type Transport = { kind: 'redis'; channel: string } | { kind: 'postgres'; url: string } | { kind: 'memory' };

/** The transport the environment sets: Redis if REDIS_URL, else PostgreSQL if DATABASE_URL, else none. */
export function configuredTransport(): Transport {
  const { REDIS_URL, DATABASE_URL, REDIS_KEY_PREFIX } = env();
  if (REDIS_URL) return { kind: 'redis', channel: `${REDIS_KEY_PREFIX}events` };
  if (DATABASE_URL) return { kind: 'postgres', url: DATABASE_URL };
  return { kind: 'memory' };
}

/**
 * Sends a wake to the other processes, through the process's own Redis connection or database pool. Fire and
 * forget: a lost one is caught by the periodic check.
 */
export async function sendWake(processId: string, userIds: readonly number[], via = configuredTransport()) {
  const messages = encode(processId, userIds);
  if (via.kind === 'redis') {
    const client = redisClient();
    for (const message of messages) await client?.publish(via.channel, message);
  } else if (via.kind === 'postgres') {
    const db = await getDb();
    for (const message of messages) await db.execute(sql`select pg_notify(${PG_CHANNEL}, ${message})`);
  }
}

/** Subscribes to Redis on a connection of its own (a subscribed connection runs no other commands). */
async function listenRedis(base: RedisClient, channel: string, heard: (message: string) => void, lost: () => void) {
  // Unlike the shared client, this one queues its SUBSCRIBE until it is connected, and renews it on reconnect.
  const subscriber = base.duplicate({ disableOfflineQueue: false });
  let connectedOnce = false;
  subscriber.on('error', (error: Error) => logger().warn({ err: error }, 'events: Redis subscriber error'));
  subscriber.on('ready', () => {
    if (connectedOnce) lost();
    connectedOnce = true;
  });
  subscriber.connect().catch(() => undefined);
  await subscriber.subscribe(channel, heard);
  return {
    close: async () => {
      if (subscriber.isReady) await subscriber.close();
      else subscriber.destroy();
    },
  };
}

/** LISTEN on a connection of its own, opened again (with backoff) whenever it is lost. */
function listenPostgres(url: string, heard: (message: string) => void, lost: () => void): Listener {
  let closed = false;
  let client: import('pg').Client | undefined;
  let retry: ReturnType<typeof setTimeout> | undefined;
  let failures = 0;
  const open = async () => {
    const { Client } = await import('pg');
    const next = new Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
    client = next;
    let dropped = false;
    const drop = (error?: Error) => {
      if (dropped) return;
      dropped = true;
      next.removeAllListeners('notification');
      next.end().catch(() => undefined);
      if (closed) return;
      if (error) logger().warn({ err: error }, 'events: LISTEN connection lost');
      const delay = Math.min(500 * 2 ** failures++, RECONNECT_MAX_MS);
      retry = setTimeout(() => void open(), delay);
      retry.unref();
    };
    next.on('error', drop);
    next.on('end', () => drop());
    next.on('notification', (notification) => notification.payload && heard(notification.payload));
    try {
      await next.connect();
      await next.query(`LISTEN ${PG_CHANNEL}`);
      if (failures > 0) lost();
      failures = 0;
    } catch (error) {
      drop(error as Error);
    }
  };
  void open();
  return {
    close: async () => {
      closed = true;
      clearTimeout(retry);
      await client?.end().catch(() => undefined);
    },
  };
}

/** Starts hearing other processes' wakes: one connection per process, whatever the number of streams. */
export function listenForWakes(processId: string, onHeard: Heard, via = configuredTransport()): Listener {
  const heard = (message: string) => {
    const ids = decode(processId, message);
    if (ids) onHeard(ids);
  };
  const lost = () => onHeard(null);
  const base = via.kind === 'redis' ? redisClient() : null;
  if (via.kind === 'redis' && base) {
    const pending = listenRedis(base, via.channel, heard, lost).catch((error: unknown) => {
      logger().warn({ err: error }, 'events: Redis SUBSCRIBE failed; streams rely on their periodic check');
      return null;
    });
    return { close: async () => (await pending)?.close() };
  }
  if (via.kind === 'postgres') return listenPostgres(via.url, heard, lost);
  return { close: async () => undefined };
}

type RelayState = { processId: string };
// One id per process, shared by its module instances (the route handlers' and the instrumentation's).
const relay: RelayState = ((globalThis as { __sopkaEventRelay?: RelayState }).__sopkaEventRelay ??= {
  processId: randomUUID(),
});

export const processId = () => relay.processId;

/** Wakes these users' streams in this process at once, and in the others through the relay. */
export function publishWake(userIds: readonly number[]): void {
  wakeStreams(userIds);
  sendWake(relay.processId, userIds).catch((error: unknown) =>
    logger().warn({ err: error }, 'events: could not tell the other processes; their periodic check will'),
  );
}
