import 'server-only';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import { rowsOf, type Database, type Db } from './client';
import { isAnswerLost, isDatabaseUnavailable, isTransientConflict } from './errors';
import { databaseHooks } from './hooks';

type Holder = { database?: Promise<Database> };
// One database per process, shared by route handlers and server components across module instances.
const holder = ((globalThis as { __sopkaDatabase?: Holder }).__sopkaDatabase ??= {});

async function database(): Promise<Database> {
  // How to open it is the process's (lib/server/startup/database.ts); a failed open is not kept.
  holder.database ??= databaseHooks()
    .open()
    .catch((error) => {
      holder.database = undefined;
      throw error;
    });
  return holder.database;
}

export async function getDb(): Promise<Db> {
  return (await database()).db;
}

/** Tests point the app at their own database. */
export function setDatabase(database: Database): void {
  holder.database = Promise.resolve(database);
}

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** How often a transaction that lost a deadlock or serialization race runs before its error is the answer. */
const TRANSACTION_ATTEMPTS = 3;

/** How long an answer waits to learn whether a commit whose reply was lost took effect, before forcing it to end. */
const COMMIT_CHECK_DEADLINE_MS = 10_000;

/** A PostgreSQL transaction's id and its connection's backend, to ask about it from another connection. */
interface TransactionIdentity {
  xid: string;
  pid: number;
}

/**
 * Runs `work` in a transaction, again (after a short random pause) when PostgreSQL aborted it as a
 * deadlock victim or a serialization failure; `work` must therefore only touch the database.
 *
 * Its outcome always matches its answer: when `work` finished but the COMMIT's reply was lost (a client-side
 * timeout, a dropped connection), the server may have committed all the same, so the answer waits until
 * PostgreSQL says whether it did (ending the transaction's backend if it stays undecided too long).
 */
export async function transaction<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
  const { db, kind } = await database();
  for (let attempt = 1; ; attempt++) {
    let identity: TransactionIdentity | undefined;
    let finished: { result: T } | undefined;
    try {
      return await db.transaction(async (tx) => {
        // PGlite runs in this process: its replies cannot be lost.
        if (kind === 'postgres')
          [identity] = rowsOf<TransactionIdentity>(
            await tx.execute(sql`select txid_current()::text as xid, pg_backend_pid() as pid`),
          );
        const result = await work(tx);
        finished = { result };
        return result;
      });
    } catch (error) {
      if (finished && identity && isAnswerLost(error)) {
        if (await committedAfterAll(db, identity)) {
          databaseHooks().warn({ err: error }, 'the reply to a COMMIT was lost; the transaction had committed');
          return finished.result;
        }
        throw error;
      }
      if (attempt >= TRANSACTION_ATTEMPTS || !isTransientConflict(error)) throw error;
      await sleep(Math.random() * 20 * attempt);
    }
  }
}

/**
 * Whether a transaction whose COMMIT reply was lost committed, asked on another connection until PostgreSQL
 * knows. One still in progress at the deadline has its backend ended, which aborts it unless it committed first.
 */
async function committedAfterAll(db: Db, { xid, pid }: TransactionIdentity): Promise<boolean> {
  const statusOf = async () =>
    rowsOf<{ status: string | null }>(await db.execute(sql`select txid_status(${xid}::bigint) as status`))[0].status;
  const deadline = Date.now() + COMMIT_CHECK_DEADLINE_MS;
  for (let pause = 20; ; pause = Math.min(pause * 2, 500)) {
    const status = await statusOf().catch((error: unknown) => {
      if (isDatabaseUnavailable(error) && Date.now() < deadline) return 'unreachable';
      throw error;
    });
    if (status === 'committed') return true;
    if (status !== 'in progress' && status !== 'unreachable') return false;
    if (Date.now() >= deadline) {
      if (status === 'in progress') {
        await db.execute(sql`select pg_terminate_backend(${pid})`);
        return (await statusOf()) === 'committed';
      }
      return false;
    }
    await sleep(pause);
  }
}
