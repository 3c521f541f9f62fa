import { randomBytes } from 'node:crypto';
import { NextRequest } from 'next/server';
import pg from 'pg';
import '@/lib/server/startup/database';
import { afterAll, beforeAll } from 'vitest';
import { connect, type Database } from '@/lib/server/db/client';
import { setDatabase } from '@/lib/server/db';
import { seed } from '@/lib/server/demo/seed';
import { withAdminClient as withAdmin } from './postgres';

/**
 * Drops a test database once its connections are gone. Forcing it while a closed pool's sockets are
 * still winding down would make those clients raise "terminating connection" errors in the test run.
 */
async function dropWhenDisconnected(client: pg.Client, name: string) {
  for (let attempt = 0; attempt < 100; attempt++) {
    const { rows } = await client.query('select count(*)::int as n from pg_stat_activity where datname = $1', [name]);
    if (rows[0].n === 0) break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  await client.query(`DROP DATABASE IF EXISTS "${name}"`);
}

/**
 * A fresh, seeded database for one test file: in-memory PGlite, or a database of its own on the
 * PostgreSQL server of TEST_DATABASE_URL, so that parallel test files never see each other's rows.
 */
export async function setupApiDatabase(): Promise<Database & { dispose: () => Promise<void> }> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  const name = `sopka_test_${randomBytes(6).toString('hex')}`;
  let url: string | undefined;
  if (adminUrl) {
    await withAdmin(adminUrl, (client) => client.query(`CREATE DATABASE "${name}"`));
    const parsed = new URL(adminUrl);
    parsed.pathname = `/${name}`;
    url = parsed.toString();
  }
  const database = await connect(url ? { url } : {});
  await seed(database.db, { images: false });
  setDatabase(database);
  return {
    ...database,
    dispose: async () => {
      await database.close();
      if (adminUrl) await withAdmin(adminUrl, (client) => dropWhenDisconnected(client, name));
    },
  };
}

/**
 * setupApiDatabase for the calling test file, with `env` set first: filled in before its tests, disposed of after
 * them. Its fields are there once the file's own beforeAll hooks run.
 */
export function apiDatabaseForFile(env: Record<string, string> = {}) {
  const database = {} as Awaited<ReturnType<typeof setupApiDatabase>>;
  beforeAll(async () => {
    Object.assign(process.env, env);
    Object.assign(database, await setupApiDatabase());
  });
  afterAll(() => database.dispose());
  return database;
}

type RouteHandler<P> = (request: NextRequest, context: { params: Promise<P> }) => Promise<Response>;

export interface ApiResult<T = any> {
  status: number;
  contentType: string;
  headers: Headers;
  body: T;
}

/** Calls a route handler in-process, as Next would. */
export async function call<P>(
  handler: RouteHandler<P>,
  path: string,
  {
    params,
    headers,
    method = 'GET',
    json,
  }: { params?: P; headers?: Record<string, string>; method?: string; json?: unknown } = {},
): Promise<ApiResult> {
  const init =
    json === undefined
      ? { method, headers }
      : {
          method: method === 'GET' ? 'POST' : method,
          headers: { 'content-type': 'application/json', ...headers },
          body: JSON.stringify(json),
        };
  const request = new NextRequest(new URL(path, 'http://localhost:3000'), init);
  const response = await handler(request, { params: Promise.resolve(params ?? ({} as P)) });
  const text = await response.text();
  return {
    status: response.status,
    contentType: response.headers.get('content-type') ?? '',
    headers: response.headers,
    body: text ? JSON.parse(text) : null,
  };
}

/** The Authorization header of a seeded (or registered) account, signed in through POST /auth/login. */
export async function signInHeaders(email: string, password: string): Promise<{ authorization: string }> {
  const { POST: login } = await import('@/app/api/v1/auth/login/route');
  const { body } = await call(login, '/api/v1/auth/login', { json: { email, password } });
  return { authorization: `Bearer ${body.token}` };
}
