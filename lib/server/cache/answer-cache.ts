import 'server-only';
import { getDb } from '../db';
import type { Db } from '../db/client';
import { contentVersions, readContentVersions } from './content-versions';

/**
 * Public API answers (the same for every anonymous visitor) kept per process and keyed by the content
 * version, which triggers raise on every write: a cached answer is never older than the data it was
 * made from, in any process. Only what a signed-out visitor may see goes in here.
 */
const MAX_ENTRIES = 1_000;
/**
 * Keys asked for once and not kept, remembered so that a second ask keeps its answer. Listings are keyed by their
 * filters, so most keys (a crawler's or a traveller's date range) are asked once: kept at once, they would fill
 * the cache, push out the answers that are asked again and again, and hold tens of MB for nothing
 * (`npm run bench:soak`). A key costs about its own length here, not its answer's 50 kB.
 */
const MAX_SEEN_KEYS = 10_000;
/** Set API_ANSWER_CACHE=off to measure the uncached path. */
const enabled = () => process.env.API_ANSWER_CACHE !== 'off';

export type Admission = {
  /**
   * Keep the answer from its first ask: for the few fixed keys (sitemaps) that are expensive and are asked
   * once per crawl.
   */
  keepFirst?: boolean;
};

/**
 * An answer while it is computed: requests asking meanwhile share it. It is let go once
 * settled: a promise holds the async context it was made in, under Next the whole request that first asked (its
 * request, response and render). Kept with every cached answer, those requests were most of what the server's memory
 * grew by under load.
 */
type Computing = { version: number; pending: Promise<unknown> };

type Store = {
  db: Db;
  /** Kept answers, least recently used first. */
  answers: Map<string, { version: number; value: unknown }>;
  computing: Map<string, Computing>;
  /** Keys asked for once, oldest first. */
  seen: Set<string>;
};

let store: Store | undefined;

export async function currentContentVersion(db: Db): Promise<number> {
  return (await readContentVersions(db)).content;
}

export async function cachedAnswer<T>(key: string, compute: () => Promise<T>, admission: Admission = {}): Promise<T> {
  if (!enabled()) return compute();
  const db = await getDb();
  if (store?.db !== db) store = { db, answers: new Map(), computing: new Map(), seen: new Set() };
  const { answers, computing, seen } = store;
  const version = (await contentVersions(db)).content;
  const kept = answers.get(key);
  if (kept?.version === version) {
    // Map order doubles as recency: move the answer to the end.
    answers.delete(key);
    answers.set(key, kept);
    return kept.value as T;
  }
  const running = computing.get(key);
  if (running?.version === version) return running.pending as Promise<T>;
  // A key with an older answer kept was asked for before.
  const keep = admission.keepFirst === true || kept !== undefined || seen.delete(key);
  if (!keep) {
    seen.add(key);
    if (seen.size > MAX_SEEN_KEYS) seen.delete(seen.keys().next().value!);
  }
  const pending = compute();
  const entry: Computing = { version, pending };
  computing.set(key, entry);
  pending.then(
    (value) => {
      if (computing.get(key) === entry) computing.delete(key);
      // An answer of a later version may have been kept meanwhile.
      if (!keep || (answers.get(key)?.version ?? version) > version) return;
      answers.delete(key);
      answers.set(key, { version, value });
      if (answers.size > MAX_ENTRIES) answers.delete(answers.keys().next().value!);
    },
    () => {
      if (computing.get(key) === entry) computing.delete(key);
    },
  );
  return pending;
}
