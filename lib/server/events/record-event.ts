import 'server-only';
import { sql } from 'drizzle-orm';
import type { Tx } from '../db';
import type { Db } from '../db/client';
import { userEvents } from '../db/schema';
import { publishWake } from './relay';

/** What an open event stream is told: a new message, a read marker, a booking's change. */
export type UserEventType = 'message' | 'read' | 'booking';

/** The first key of the per-user advisory locks of recordEvent (the second is the user id). */
const EVENT_LOCK_CLASS = 7_010_039;

/**
 * Records an event for each of `userIds` in the caller's transaction: it reaches their open streams once the
 * transaction has committed and the caller has called `eventsRecorded()`, and a stream that reconnects later
 * reads it by id (Last-Event-ID).
 *
 * A stream reads "ids after the last one sent", so one user's ids must commit in order: a transaction-level lock
 * per user (taken in id order, so two transactions never wait on each other crosswise) makes a second
 * transaction recording for the same user take its id only after the first has committed.
 */
export async function recordEvent(
  tx: Tx | Db,
  userIds: readonly number[],
  type: UserEventType,
  payload: Record<string, unknown>,
): Promise<void> {
  const unique = [...new Set(userIds)].sort((a, b) => a - b);
  if (unique.length === 0) return;
  const ids = `{${unique.join(',')}}`;
  await tx.execute(
    sql`select pg_advisory_xact_lock(${EVENT_LOCK_CLASS}, u) from (select u from unnest(${ids}::int[]) u order by u) s`,
  );
  await tx.insert(userEvents).values(unique.map((userId) => ({ userId, type, payload })));
  pendingUsers.push(...unique);
}

// Users with events recorded since the last `eventsRecorded()`. A wake that comes before another request's commit
// finds nothing new; that stream catches up at its process's next check (streams.ts, every 15 s).
const pendingUsers: number[] = [];

/** After the transaction that recorded events committed: wake the streams of those users, in every process. */
export function eventsRecorded(): void {
  const users = pendingUsers.splice(0);
  if (users.length > 0) publishWake([...new Set(users)]);
}
