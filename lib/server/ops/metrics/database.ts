import 'server-only';
import { performance } from 'node:perf_hooks';
import type { PGlite } from '@electric-sql/pglite';
import type { Pool } from 'pg';
import { metrics, state, type PoolStats } from './registry';

// The database's statements timed, and its connections reported at scrape time.

type AnyFunction = (...args: unknown[]) => unknown;
const noop = () => undefined;

/** Makes `database` the one reported at scrape time; the returned function forgets it (when it closes). */
function trackDatabase(stats: () => PoolStats): () => void {
  state.database = stats;
  return () => {
    if (state.database === stats) state.database = undefined;
  };
}

/**
 * Times every statement of a PostgreSQL pool: each of its connections' `query`, which pool.query and drizzle's
 * transactions both call (a pool's wait for a free connection is db_pool_waiting, not statement time). Returns
 * what to call when the pool closes.
 */
export function instrumentPool(pool: Pool, size: number): () => void {
  const m = metrics();
  if (!m) return noop;
  const histogram = m.queryDuration;
  pool.on('connect', (client) => {
    const query = client.query as unknown as AnyFunction;
    (client as unknown as { query: AnyFunction }).query = function timedQuery(this: unknown, ...args: unknown[]) {
      // A Submittable (a cursor, a stream) reports on its own; pg answers it with itself.
      if (typeof (args[0] as { submit?: unknown } | undefined)?.submit === 'function')
        return Reflect.apply(query, this, args);
      const started = performance.now();
      const done = () => histogram.observe((performance.now() - started) / 1000);
      const last = args.length - 1;
      // pool.query passes a callback; drizzle awaits the promise.
      if (typeof args[last] === 'function') {
        const callback = args[last] as AnyFunction;
        args[last] = (...results: unknown[]) => {
          done();
          return callback(...results);
        };
        return Reflect.apply(query, this, args);
      }
      const result = Reflect.apply(query, this, args);
      if (result instanceof Promise) result.then(done, done);
      return result;
    };
  });
  return trackDatabase(() => ({
    size,
    inUse: pool.totalCount - pool.idleCount,
    idle: pool.idleCount,
    waiting: pool.waitingCount,
  }));
}

/**
 * Times every statement of an embedded PGlite (its `query` and `exec`, and those of its transactions), which runs
 * one statement or transaction at a time: in use 0 or 1, the rest waiting. Returns what to call when it closes.
 */
export function instrumentPglite(client: PGlite): () => void {
  const m = metrics();
  if (!m) return noop;
  const histogram = m.queryDuration;
  /** Statements and transactions started on the database and not yet settled: one runs, the others wait. */
  let active = 0;
  const timed = (method: AnyFunction, holds: boolean) =>
    function timedStatement(this: unknown, ...args: unknown[]) {
      const started = performance.now();
      if (holds) active++;
      const done = () => {
        if (holds) active--;
        histogram.observe((performance.now() - started) / 1000);
      };
      try {
        const result = Reflect.apply(method, this, args) as Promise<unknown>;
        result.then(done, done);
        return result;
      } catch (error) {
        done();
        throw error;
      }
    };
  const target = client as unknown as Record<'query' | 'exec' | 'transaction', AnyFunction>;
  const transaction = target.transaction;
  target.query = timed(target.query, true);
  target.exec = timed(target.exec, true);
  target.transaction = function heldTransaction(this: unknown, work: unknown) {
    active++;
    const inside = (tx: Record<'query' | 'exec', AnyFunction>) => {
      tx.query = timed(tx.query, false);
      tx.exec = timed(tx.exec, false);
      return (work as AnyFunction)(tx);
    };
    const release = () => {
      active--;
    };
    const result = Reflect.apply(transaction, this, [inside]) as Promise<unknown>;
    result.then(release, release);
    return result;
  };
  return trackDatabase(() => ({
    size: 1,
    inUse: Math.min(active, 1),
    idle: active > 0 ? 0 : 1,
    waiting: Math.max(active - 1, 0),
  }));
}
