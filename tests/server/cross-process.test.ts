/**
 * Two `next start` processes of the existing build on one PostgreSQL database and one Redis (REDIS_URL), as a
 * load balancer would run them: a change made through one process must be seen through the other within 1 s,
 * pages and places alike. Needs the build, TEST_DATABASE_URL and Redis (TEST_REDIS_URL, by default database 1
 * of 127.0.0.1:6379); skipped, saying which is missing, without one of them.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, asc, eq, isNull } from 'drizzle-orm';
import pg from 'pg';
import { createClient } from 'redis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect } from '@/lib/server/db/client';
import { ideas, users } from '@/lib/server/db/schema';
import { AUTHOR_PASSWORD, MODERATOR_EMAIL, MODERATOR_PASSWORD, seed } from '@/lib/server/demo/seed';
import { toHid } from '@/lib/server/db/hids';
import { startNextServer, stopNextServer, type NextServer } from '../support/next-server';
import { BUILT, PORT } from '../support/server-test';
import { withAdminClient } from '../support/postgres';
import { redisAnswers, TEST_REDIS_URL } from '../support/redis';
import { startTcpRelay, type TcpRelay } from '../../scripts/lib/tcp-relay.mjs';

const PORT_A = PORT;
const PORT_B = PORT_A + 10;
const A = `http://127.0.0.1:${PORT_A}`;
const B = `http://127.0.0.1:${PORT_B}`;
const REDIS_URL = TEST_REDIS_URL;
/** Keys of this run only: the Redis database may be shared, and only these are deleted afterwards. */
const KEY_PREFIX = `sopka-test-${randomBytes(4).toString('hex')}:`;
/** How long after a write's answer the other process may still show the old state. */
const VISIBLE_WITHIN_MS = 1_000;

const adminUrl = process.env.TEST_DATABASE_URL;
const redisUp = await redisAnswers(REDIS_URL);
const missing = !BUILT
  ? 'no build (`npx next build`)'
  : !adminUrl
    ? 'TEST_DATABASE_URL is not set: two processes need PostgreSQL'
    : !redisUp
      ? `Redis does not answer at ${REDIS_URL} (TEST_REDIS_URL)`
      : null;
if (missing) console.warn(`Skipping the cross-process tests: ${missing}.`);

const databaseName = `sopka_test_${randomBytes(6).toString('hex')}`;
let databaseUrl: string;
let dataDir: string;
const servers: NextServer[] = [];

/**
 * A's way to Redis: a TCP relay the test can cut, as a network partition or a restarted Redis would, while B keeps
 * its own connection.
 */
let redisLink: TcpRelay;

const withAdmin = <T>(work: (client: pg.Client) => Promise<T>) => withAdminClient(adminUrl!, work);

const startServer = async (port: number, redisUrl: string) => {
  const server = await startNextServer(port, {
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    REDIS_URL: redisUrl,
    REDIS_KEY_PREFIX: KEY_PREFIX,
  });
  servers.push(server);
  return server;
};

beforeAll(async () => {
  if (missing) return;
  await withAdmin((client) => client.query(`CREATE DATABASE "${databaseName}"`));
  const parsed = new URL(adminUrl!);
  parsed.pathname = `/${databaseName}`;
  databaseUrl = parsed.toString();
  dataDir = mkdtempSync(path.join(tmpdir(), 'sopka-cross-process-'));
  const database = await connect({ url: databaseUrl });
  await seed(database.db, { images: false });
  await database.close();
  const redis = new URL(REDIS_URL);
  redisLink = await startTcpRelay({ host: redis.hostname, port: Number(redis.port || 6379) });
  await Promise.all([startServer(PORT_A, redisLink.through(REDIS_URL)), startServer(PORT_B, REDIS_URL)]);
});

afterAll(async () => {
  await Promise.all(servers.map((server) => stopNextServer(server)));
  if (redisLink) await redisLink.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  if (databaseUrl) await withAdmin((client) => client.query(`DROP DATABASE IF EXISTS "${databaseName}" WITH (FORCE)`));
  if (missing) return;
  const redis = createClient({ url: REDIS_URL });
  await redis.connect();
  try {
    const keys: string[] = [];
    for await (const batch of redis.scanIterator({ MATCH: `${KEY_PREFIX}*`, COUNT: 500 })) keys.push(...batch);
    if (keys.length) await redis.unlink(keys);
  } finally {
    await redis.close();
  }
});

async function signIn(base: string, email: string, password: string): Promise<Record<string, string>> {
  const response = await fetch(`${base}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  expect(response.status).toBe(200);
  const { token } = (await response.json()) as { token: string };
  return { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
}

/** A published seed idea and its author's email, read from the database both processes share. */
async function publishedIdea(offset: number): Promise<{ hid: string; authorEmail: string }> {
  const database = await connect({ url: databaseUrl });
  try {
    const rows = await database.db
      .select({ id: ideas.id, email: users.email })
      .from(ideas)
      .innerJoin(users, eq(users.id, ideas.authorId))
      .where(and(eq(ideas.status, 'published'), isNull(ideas.deletedAt)))
      .orderBy(asc(ideas.id))
      .limit(1)
      .offset(offset);
    return { hid: toHid(rows[0].id), authorEmail: rows[0].email! };
  } finally {
    await database.close();
  }
}

/**
 * Asks `url` until `seen` holds for its answer, and fails when a request sent more than 1 s after the write's
 * answer still does not see it: what a visitor sent to the other process would get. (The request's own time,
 * rendering on a loaded machine, is not counted: the change must have arrived by then.)
 */
async function seenWithin(
  url: string,
  since: number,
  seen: (status: number, body: string) => boolean,
  withinMs = VISIBLE_WITHIN_MS,
) {
  while (true) {
    const sentAt = performance.now();
    const response = await fetch(url);
    const body = await response.text();
    if (seen(response.status, body)) return;
    if (sentAt - since > withinMs)
      throw new Error(`${url} still answered ${response.status} to a request sent ${withinMs} ms after the write`);
  }
}

/** A cached page: its second answer comes from the page cache. */
async function cachedPage(url: string): Promise<string> {
  const first = await fetch(url);
  expect(first.status).toBe(200);
  await first.text();
  const second = await fetch(url);
  expect(second.headers.get('x-nextjs-cache')).toMatch(/HIT|STALE/);
  return second.text();
}

describe.skipIf(missing)('two app processes sharing PostgreSQL and Redis', () => {
  it("an idea edited, approved and deleted through A is on B's idea page and API answer within 1 s", async () => {
    const { hid, authorEmail } = await publishedIdea(0);
    const pageOnB = `${B}/en/go/${hid}`;
    // The same idea as the API answers it to a signed-out visitor, from B's per-process answer cache.
    const answerOnB = `${B}/api/v1/ideas/${hid}?locale=en`;
    const title = `Fresh title ${randomBytes(3).toString('hex')}`;
    expect(await cachedPage(pageOnB)).not.toContain(title);
    for (let i = 0; i < 2; i++) expect((await fetch(answerOnB)).status).toBe(200);

    // An author's edit sends the idea back to moderation: it leaves the public page on every process.
    const author = await signIn(A, authorEmail, AUTHOR_PASSWORD);
    const edited = await fetch(`${A}/api/v1/ideas/${hid}`, {
      method: 'PATCH',
      headers: author,
      body: JSON.stringify({ title: { en: title } }),
    });
    expect(edited.status).toBe(200);
    const editedAt = performance.now();
    await seenWithin(pageOnB, editedAt, (status) => status === 404);
    await seenWithin(answerOnB, editedAt, (status) => status === 404);

    // Approved through A, it is back on B with the new title.
    const moderator = await signIn(A, MODERATOR_EMAIL, MODERATOR_PASSWORD);
    const approved = await fetch(`${A}/api/v1/ideas/${hid}/approve`, { method: 'POST', headers: moderator });
    expect(approved.status).toBe(200);
    const approvedAt = performance.now();
    await seenWithin(pageOnB, approvedAt, (status, body) => status === 200 && body.includes(title));
    await seenWithin(answerOnB, approvedAt, (status, body) => status === 200 && body.includes(title));
    expect(await cachedPage(pageOnB)).toContain(title);

    // Deleted through A, it is gone from B.
    const deleted = await fetch(`${A}/api/v1/ideas/${hid}`, { method: 'DELETE', headers: moderator });
    expect(deleted.status).toBe(204);
    await seenWithin(pageOnB, performance.now(), (status) => status === 404);
  });

  it('a change made through A while A cannot reach Redis reaches B once A is connected again', async () => {
    const { hid, authorEmail } = await publishedIdea(3);
    const pageOnB = `${B}/en/go/${hid}`;
    await cachedPage(pageOnB);
    const author = await signIn(A, authorEmail, AUTHOR_PASSWORD);

    redisLink.cut();
    try {
      const edited = await fetch(`${A}/api/v1/ideas/${hid}`, {
        method: 'PATCH',
        headers: author,
        body: JSON.stringify({ title: { en: `Edited offline ${randomBytes(3).toString('hex')}` } }),
      });
      expect(edited.status).toBe(200);
    } finally {
      redisLink.restore();
    }
    // A reconnects within its backoff (at most 2 s between attempts); then its invalidation goes out.
    await seenWithin(pageOnB, performance.now(), (status) => status === 404, 2_000 + VISIBLE_WITHIN_MS);
  });

  it('a page for a made-up id answers 404 and adds nothing to Redis', async () => {
    const { hid } = await publishedIdea(2);
    await cachedPage(`${B}/en/go/${hid}`);
    const madeUp = toHid(987_654_321);
    for (let i = 0; i < 2; i++) expect((await fetch(`${B}/en/go/${madeUp}`)).status).toBe(404);
    const redis = createClient({ url: REDIS_URL });
    await redis.connect();
    try {
      const keys: string[] = [];
      for await (const batch of redis.scanIterator({ MATCH: `${KEY_PREFIX}*`, COUNT: 500 })) keys.push(...batch);
      expect(keys.some((key) => key.endsWith(`/go/${hid}`))).toBe(true);
      expect(keys.filter((key) => key.includes(madeUp))).toEqual([]);
    } finally {
      await redis.close();
    }
  });

  it('a place saved through A can be chosen for an idea through B at once', async () => {
    const { hid, authorEmail } = await publishedIdea(1);
    const author = await signIn(A, authorEmail, AUTHOR_PASSWORD);
    // B has its catalog of places in memory before the place exists.
    const before = await fetch(`${B}/api/v1/ideas/${hid}`, {
      method: 'PATCH',
      headers: author,
      body: JSON.stringify({ place_id: 999_999 }),
    });
    expect(before.status).toBe(422);

    const saved = await fetch(`${A}/api/v1/osm/saveSelected`, {
      method: 'POST',
      headers: author,
      body: JSON.stringify({
        id: `N${randomBytes(4).readUInt32BE()}`,
        title: 'Бухта Шамора',
        lat: 43.21,
        lon: 132.11,
        parent_id: 7,
      }),
    });
    expect(saved.status).toBe(200);
    const placeId = Number(((await saved.json()) as { data: { id: string } }).data.id);

    const chosen = await fetch(`${B}/api/v1/ideas/${hid}`, {
      method: 'PATCH',
      headers: author,
      body: JSON.stringify({ place_id: placeId }),
    });
    expect(chosen.status).toBe(200);
    const listed = await fetch(`${B}/api/v1/ideas/${hid}`, { headers: author });
    expect(JSON.stringify(await listed.json())).toContain(`"place_id":${placeId}`);
  });
});
