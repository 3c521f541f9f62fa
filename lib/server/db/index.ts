import 'server-only';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { connect, type Database, type Db } from './client';
import { isTransientConflict } from './errors';
import { seedIfEmpty } from './seed';
import { schedulePurge } from './purge';
import { dataDir, env } from '../platform/env';
import { closeOnShutdown } from '../ops/shutdown';

type Holder = { database?: Promise<Database> };
// One database per process, shared by route handlers and server components across module instances.
const holder = ((globalThis as { __sopkaDatabase?: Holder }).__sopkaDatabase ??= {});

async function open(): Promise<Database> {
  const {
    DATABASE_URL,
    DATABASE_CONNECT_TIMEOUT_MS,
    DATABASE_STATEMENT_TIMEOUT_MS,
    DATABASE_IDLE_TIMEOUT_MS,
    DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS,
  } = env();
  const timeouts = {
    connect: DATABASE_CONNECT_TIMEOUT_MS,
    statement: DATABASE_STATEMENT_TIMEOUT_MS,
    idle: DATABASE_IDLE_TIMEOUT_MS,
    idleInTransaction: DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS,
  };
  const database = DATABASE_URL
    ? await connect({ url: DATABASE_URL, timeouts })
    : await connect({ dataDir: path.join(dataDir(), 'db') });
  // An empty database starts with the demo content (normally done already by `npm run db:prepare`).
  // A failed open is not kept (getDb), so its connections go too.
  await seedIfEmpty(database.db, { images: true }).catch(async (error: unknown) => {
    await database.close().catch(() => undefined);
    throw error;
  });
  // Every process purges on its own schedule; the purge itself makes sure only one works at a time.
  schedulePurge(database.db);
  // The pool's connections end with the process's shutdown, after its last request.
  closeOnShutdown('database', () => database.close());
  return database;
}

export async function getDb(): Promise<Db> {
  holder.database ??= open().catch((error) => {
    holder.database = undefined;
    throw error;
  });
  return (await holder.database).db;
}

/** Tests point the app at their own database. */
export function setDatabase(database: Database): void {
  holder.database = Promise.resolve(database);
}

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** How often a transaction that lost a deadlock or serialization race runs before its error is the answer. */
const TRANSACTION_ATTEMPTS = 3;

/**
 * Runs `work` in a transaction, again (after a short random pause) when PostgreSQL aborted it as a
 * deadlock victim or a serialization failure; `work` must therefore only touch the database.
 */
export async function transaction<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
  const db = await getDb();
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction(work);
    } catch (error) {
      if (attempt >= TRANSACTION_ATTEMPTS || !isTransientConflict(error)) throw error;
      await sleep(Math.random() * 20 * attempt);
    }
  }
}
