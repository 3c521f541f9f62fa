import net from 'node:net';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../support/api';
import { withAdminClient } from '../support/postgres';

/**
 * A TCP stand-in for the database server: `stall` accepts connections and never answers (a hung
 * server or a black-holed network), `forward` passes them to a real PostgreSQL.
 */
function databaseProxy(target?: { host: string; port: number }) {
  let mode: 'stall' | 'forward' = 'stall';
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
    if (mode === 'stall' || !target) return;
    const upstream = net.connect(target);
    sockets.add(upstream);
    upstream.on('close', () => sockets.delete(upstream));
    upstream.on('error', () => socket.destroy());
    socket.on('close', () => upstream.destroy());
    upstream.on('close', () => socket.destroy());
    socket.pipe(upstream).pipe(socket);
  });
  return {
    listen: () =>
      new Promise<number>((resolve) =>
        server.listen(0, '127.0.0.1', () => resolve((server.address() as net.AddressInfo).port)),
      ),
    forward: () => {
      mode = 'forward';
    },
    close: () => {
      for (const socket of sockets) socket.destroy();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

const adminUrl = process.env.TEST_DATABASE_URL;
const databaseName = `sopka_test_${randomBytes(6).toString('hex')}`;
const proxy = databaseProxy(
  adminUrl ? { host: new URL(adminUrl).hostname, port: Number(new URL(adminUrl).port || 5432) } : undefined,
);
const uncaught: unknown[] = [];
const recordUncaught = (error: unknown) => uncaught.push(error);

const admin = <T>(work: (client: pg.Client) => Promise<T>) => withAdminClient(adminUrl!, work);

beforeAll(async () => {
  const port = await proxy.listen();
  // The app reads its environment once, on first use: set it before any app module is loaded.
  process.env.DATABASE_URL = `postgres://postgres@127.0.0.1:${port}/${databaseName}`;
  process.env.DATABASE_CONNECT_TIMEOUT_MS = '500';
  process.env.DATABASE_STATEMENT_TIMEOUT_MS = '2000';
  process.env.DATA_DIR = mkdtempSync(path.join(tmpdir(), 'sopka-outage-'));
  process.on('uncaughtException', recordUncaught);
  if (adminUrl) {
    await admin((client) => client.query(`CREATE DATABASE "${databaseName}"`));
    // Seeded here, without images, so that the app's own first open finds the demo content in place.
    const target = new URL(adminUrl);
    target.pathname = `/${databaseName}`;
    const { connect } = await import('@/lib/server/db/client');
    const { seed } = await import('@/lib/server/demo/seed');
    const database = await connect({ url: target.toString() });
    await seed(database.db, { images: false });
    await database.close();
  }
});

afterAll(async () => {
  process.off('uncaughtException', recordUncaught);
  const { getDb } = await import('@/lib/server/db');
  const db = await getDb().catch(() => undefined);
  await (db as unknown as { $client?: pg.Pool } | undefined)?.$client?.end();
  await proxy.close();
  if (adminUrl) await admin((client) => client.query(`DROP DATABASE IF EXISTS "${databaseName}" WITH (FORCE)`));
});

async function listIdeas() {
  const { GET } = await import('@/app/api/v1/ideas/route');
  const started = performance.now();
  const result = await call(GET, '/api/v1/ideas');
  return { ...result, seconds: (performance.now() - started) / 1000 };
}

describe('when the database does not answer', () => {
  it('an API request answers 503 problem+json with Retry-After within 10 s', async () => {
    const result = await listIdeas();
    expect(result.status).toBe(503);
    expect(result.contentType).toBe('application/problem+json');
    expect(result.body).toMatchObject({ status: 503, title: 'Service unavailable' });
    expect(Number(result.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(result.seconds).toBeLessThan(10);
  });

  it("a page's data fails with the database-unavailable digest (the 503 view), instead of rendering and caching an empty page", async () => {
    const { prefetchIdeas, serverQueryClient } = await import('@/lib/server/pages/prefetch');
    const { DATABASE_UNAVAILABLE_DIGEST } = await import('@/lib/http/errors');
    await expect(prefetchIdeas(serverQueryClient(), 'ru', {})).rejects.toMatchObject({
      digest: DATABASE_UNAVAILABLE_DIGEST,
    });
  });
});

describe.skipIf(!adminUrl)('when PostgreSQL comes back or drops connections', () => {
  it('the next request works once the database answers again, without a restart', async () => {
    proxy.forward();
    const result = await listIdeas();
    expect(result.status).toBe(200);
    expect(result.body.data.length).toBeGreaterThan(0);
  });

  it('connections terminated by the server are replaced: the next request works and nothing crashes', async () => {
    const { getDb } = await import('@/lib/server/db');
    const pool = ((await getDb()) as unknown as { $client: pg.Pool }).$client;
    expect((await listIdeas()).status).toBe(200);
    const settle = async (done: () => boolean) => {
      while (!done()) await new Promise((resolve) => setTimeout(resolve, 10));
    };
    // Every connection idle (the purge started by the first open has finished), so that all of them are cut while idle.
    await settle(() => pool.totalCount === pool.idleCount);
    expect(pool.idleCount).toBeGreaterThan(0);
    await admin((client) =>
      client.query(
        'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
        [databaseName],
      ),
    );
    // Each idle client learns of its end from its socket; wait until the pool has heard of them all.
    await settle(() => pool.totalCount === 0);
    const after = await listIdeas();
    expect(after.status).toBe(200);
    expect(uncaught).toEqual([]);
  });
});
