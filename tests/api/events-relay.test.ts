import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { getDb } from '@/lib/server/db';
import { rowsOf } from '@/lib/server/db/client';
import { closeRedis } from '@/lib/server/cache/redis';
import { listenForWakes, sendWake, type Transport } from '@/lib/server/events/relay';
import { apiDatabaseForFile } from '../support/api';
import { redisAnswers, TEST_REDIS_URL } from '../support/redis';

/**
 * The wakes between processes (lib/server/events/relay.ts): two "processes" here are two process ids in one test
 * process, each hearing through its own listener what the other sends, over PostgreSQL and over Redis.
 */
const adminUrl = process.env.TEST_DATABASE_URL;
// The shared Redis connection reads REDIS_URL when it opens.
process.env.REDIS_URL = TEST_REDIS_URL;
const redisUp = await redisAnswers();

apiDatabaseForFile();
afterAll(() => closeRedis());

async function until(condition: () => boolean, ms = 5_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`not within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Listens as process `b`; `heard` collects the user ids of each wake, `null` for "wake every stream". */
function listenAsB(via: Transport) {
  const heard: (number[] | null)[] = [];
  const listener = listenForWakes('b', (ids) => heard.push(ids), via);
  return { heard, listener };
}

/** Sends wakes from `a` until b hears one (its LISTEN or SUBSCRIBE is asynchronous), then checks the rest. */
async function checkRelay(via: Transport) {
  const { heard, listener } = listenAsB(via);
  try {
    await until(() => {
      // Until the shared Redis connection is up, a publish fails: the next round tries again.
      sendWake('a', [1], via).catch(() => undefined);
      return heard.length > 0;
    });
    heard.length = 0;
    await sendWake('b', [99], via);
    const many = Array.from({ length: 3_000 }, (_, n) => 100_000 + n);
    await sendWake('a', many, via);
    // The probes (user 1) sent before the listener was up may still come.
    const woken = () => heard.flat().filter((id) => id !== 1);
    await until(() => woken().length >= many.length);
    // Its own wakes (b's) are skipped: that process has woken its streams itself.
    expect(woken()).toEqual(many);
    expect(heard.length).toBeGreaterThan(1);
    return heard;
  } finally {
    await listener.close();
  }
}

describe.skipIf(!adminUrl)('wakes through PostgreSQL LISTEN/NOTIFY', () => {
  /** The URL of this file's own database (NOTIFY reaches only listeners of the same database). */
  async function databaseUrl() {
    const [{ name }] = rowsOf<{ name: string }>(await (await getDb()).execute(sql`select current_database() as name`));
    const url = new URL(adminUrl!);
    url.pathname = `/${name}`;
    return url.toString();
  }

  it('reach the other process, its own are skipped, and a long list arrives in several messages', async () => {
    await checkRelay({ kind: 'postgres', url: await databaseUrl() });
  });

  it('listen again after the connection is lost, and then wake every stream', async () => {
    const via: Transport = { kind: 'postgres', url: await databaseUrl() };
    const { heard, listener } = listenAsB(via);
    const db = await getDb();
    try {
      await until(() => {
        void sendWake('a', [1], via);
        return heard.length > 0;
      });
      await db.execute(
        sql`select pg_terminate_backend(pid) from pg_stat_activity where query like 'LISTEN %' and datname = current_database()`,
      );
      await until(() => heard.includes(null), 10_000);
      heard.length = 0;
      await sendWake('a', [7], via);
      await until(() => heard.some((ids) => ids?.includes(7)));
    } finally {
      await listener.close();
    }
  });
});

describe.skipIf(!redisUp)('wakes through Redis pub/sub', () => {
  it('reach the other process, its own are skipped, and a long list arrives in several messages', async () => {
    await checkRelay({ kind: 'redis', channel: `test:events:${randomBytes(4).toString('hex')}` });
  });
});
