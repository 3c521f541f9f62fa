import 'server-only';
import { and, asc, eq, gt, inArray, max } from 'drizzle-orm';
import { getDb } from '../db';
import { userEvents } from '../db/schema';

/** Rows a stream reads at once; a stream far behind reads batch after batch. */
export const READ_BATCH = 100;

export interface StoredEvent {
  id: number;
  type: string;
  payload: Record<string, unknown>;
}

/** The user's events after `afterId`, oldest first, at most READ_BATCH. */
export async function eventsAfter(userId: number, afterId: number): Promise<StoredEvent[]> {
  const db = await getDb();
  return db
    .select({ id: userEvents.id, type: userEvents.type, payload: userEvents.payload })
    .from(userEvents)
    .where(and(eq(userEvents.userId, userId), gt(userEvents.id, afterId)))
    .orderBy(asc(userEvents.id))
    .limit(READ_BATCH);
}

/** The id of each user's newest event (users without any are absent): one indexed query for a process's streams. */
export async function latestEventIds(userIds: readonly number[]): Promise<Map<number, number>> {
  if (userIds.length === 0) return new Map();
  const db = await getDb();
  const rows = await db
    .select({ userId: userEvents.userId, id: max(userEvents.id) })
    .from(userEvents)
    .where(inArray(userEvents.userId, [...userIds]))
    .groupBy(userEvents.userId);
  return new Map(rows.map((row) => [row.userId, Number(row.id ?? 0)]));
}
