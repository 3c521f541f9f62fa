import 'server-only';
import { sql } from 'drizzle-orm';
import { getDb } from '../db';
import { rowsOf } from '../db/client';
import { ApiError } from './problem';

export interface Limit {
  /** What is counted, e.g. `login:ip:1.2.3.4`. */
  key: string;
  max: number;
  windowSeconds: number;
}

/**
 * Counts one attempt against each limit (fixed windows in the database, so every app process shares
 * them) and answers 429 with Retry-After when any is exceeded.
 */
export async function consume(limits: Limit[], now = new Date()): Promise<void> {
  for (const limit of limits) {
    const { allowed, retryAfter } = await take(limit, now);
    if (!allowed) {
      throw new ApiError(429, 'Too many requests', `Too many attempts. Try again in ${retryAfter} s.`, undefined, {
        'retry-after': String(retryAfter),
      });
    }
  }
}

/**
 * Counts one attempt against a limit, atomically (parallel attempts in any process cannot all slip through), and
 * says whether it was within the limit and, when not, how many seconds are left of the window.
 */
export async function take({ key, max, windowSeconds }: Limit, now = new Date()) {
  const db = await getDb();
  const resetAt = new Date(now.getTime() + windowSeconds * 1000);
  const [row] = rowsOf<{ count: number; reset_at: string | Date }>(
    await db.execute(sql`
      insert into rate_limits (key, count, reset_at) values (${key}, 1, ${resetAt.toISOString()})
      on conflict (key) do update set
        count = case when rate_limits.reset_at <= ${now.toISOString()} then 1 else rate_limits.count + 1 end,
        reset_at = case when rate_limits.reset_at <= ${now.toISOString()} then excluded.reset_at else rate_limits.reset_at end
      returning count, reset_at`),
  );
  const retryAfter = Math.max(1, Math.ceil((new Date(row.reset_at).getTime() - now.getTime()) / 1000));
  return { allowed: Number(row.count) <= max, retryAfter };
}

/** Forgets the counters of a key after a success (e.g. a right password resets the account's failures). */
export async function reset(key: string): Promise<void> {
  const db = await getDb();
  await db.execute(sql`delete from rate_limits where key = ${key}`);
}

/** Takes back one counted attempt that turned out not to count (e.g. a right password). */
export async function release(key: string): Promise<void> {
  const db = await getDb();
  await db.execute(sql`update rate_limits set count = greatest(count - 1, 0) where key = ${key}`);
}

/** Counts one event without refusing anything, e.g. a failure that tightens other limits. */
export async function record({ key, windowSeconds }: Omit<Limit, 'max'>, now = new Date()): Promise<void> {
  await consume([{ key, max: Number.MAX_SAFE_INTEGER, windowSeconds }], now);
}

/** The count of a key in its current window (0 after the window ends). */
export async function countOf(key: string, now = new Date()): Promise<number> {
  const db = await getDb();
  const [row] = rowsOf<{ count: number }>(
    await db.execute(sql`select count from rate_limits where key = ${key} and reset_at > ${now.toISOString()}`),
  );
  return row ? Number(row.count) : 0;
}
