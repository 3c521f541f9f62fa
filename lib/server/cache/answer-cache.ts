import 'server-only';
import { eq } from 'drizzle-orm';
import { getDb } from '../db';
import type { Db } from '../db/client';
import { contentVersion } from '../db/schema';

/**
 * Public API answers (the same for every anonymous visitor) kept per process and keyed by the content
 * version, which triggers raise on every write: a cached answer is never older than the data it was
 * made from, in any process. Only what a signed-out visitor may see goes in here.
 */
const MAX_ENTRIES = 1_000;
/** Set API_ANSWER_CACHE=off to measure the uncached path. */
const enabled = () => process.env.API_ANSWER_CACHE !== 'off';

/**
 * An answer while it is computed (requests asking meanwhile share it), then the answer itself. The promise is let go
 * once settled: a promise holds the async context it was made in, under Next the whole request that first asked (its
 * request, response and render). Kept with every cached answer, those requests were most of what the server's memory
 * grew by under load (`npm run bench:soak`).
 */
type Entry = { version: number; pending?: Promise<unknown>; value?: unknown };

let store: { db: Db; entries: Map<string, Entry> } | undefined;

export async function currentContentVersion(db: Db): Promise<number> {
  const [row] = await db
    .select({ version: contentVersion.version })
    .from(contentVersion)
    .where(eq(contentVersion.id, 1));
  return row?.version ?? 0;
}

export async function cachedAnswer<T>(key: string, compute: () => Promise<T>): Promise<T> {
  if (!enabled()) return compute();
  const db = await getDb();
  if (store?.db !== db) store = { db, entries: new Map() };
  const { entries } = store;
  const version = await currentContentVersion(db);
  const hit = entries.get(key);
  if (hit && hit.version === version) {
    // Map order doubles as recency: move the entry to the end.
    entries.delete(key);
    entries.set(key, hit);
    return (hit.pending ?? hit.value) as T | Promise<T>;
  }
  const pending = compute();
  const entry: Entry = { version, pending };
  entries.set(key, entry);
  pending.then(
    (value) => {
      entry.value = value;
      entry.pending = undefined;
    },
    () => {
      if (entries.get(key) === entry) entries.delete(key);
    },
  );
  while (entries.size > MAX_ENTRIES) entries.delete(entries.keys().next().value!);
  return pending;
}
