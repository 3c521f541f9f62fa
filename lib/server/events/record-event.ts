import 'server-only';
import type { Tx } from '../db';
import type { Db } from '../db/client';
import { userEvents } from '../db/schema';
import { wakeStreams } from './bus';

/** What an open event stream is told: a new message, a read marker, a booking's change. */
export type UserEventType = 'message' | 'read' | 'booking';

/**
 * Records an event for each of `userIds` in the caller's transaction: it reaches their open streams once the
 * transaction has committed and the caller has called `eventsRecorded()`, and a stream that reconnects later
 * reads it by id (Last-Event-ID).
 */
export async function recordEvent(
  tx: Tx | Db,
  userIds: readonly number[],
  type: UserEventType,
  payload: Record<string, unknown>,
): Promise<void> {
  const unique = [...new Set(userIds)];
  if (unique.length === 0) return;
  await tx.insert(userEvents).values(unique.map((userId) => ({ userId, type, payload })));
  pendingUsers.push(...unique);
}

// Users with events recorded since the last `eventsRecorded()`: module state is fine, a stream re-reads the table.
const pendingUsers: number[] = [];

/** After the transaction that recorded events committed: wake the streams of those users, in every process. */
export function eventsRecorded(): void {
  const users = pendingUsers.splice(0);
  if (users.length > 0) wakeStreams(users);
}
