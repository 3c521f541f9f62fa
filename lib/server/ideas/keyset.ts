import 'server-only';
import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { IdeasQuery } from '@/lib/contract/ideas';
import { decodeCursor, encodeCursor, type ListingCursor } from '@/lib/listing/cursor';
import { ideas } from '../db/schema';
import { invalid } from '../http/problem';
import { listSort } from './filters';

/**
 * Keyset pagination of GET /ideas: a page after a cursor is read from where the previous one ended, through the
 * index of its order (db/schema/ideas.ts), instead of skipping (and building the cards of) every row before it.
 * The orders by one column and the id keep (value, id) as their cursor; the others (relevance, whose matches are
 * at most 500; distance; quality) keep the offset.
 */

/**
 * `always`: every published idea has a value (publishing sets published_at, unpublishing clears it: moderation.ts,
 * write-idea.ts), so the rows after a cursor are a row comparison alone, which the index reads from.
 */
type SortKey = {
  column: AnyColumn;
  field: 'publishedAt' | 'price' | 'nextDateAt' | 'ratingScore';
  natural: 'asc' | 'desc';
  always?: boolean;
};

const KEYS: Record<string, SortKey> = {
  default: { column: ideas.publishedAt, field: 'publishedAt', natural: 'desc', always: true },
  new: { column: ideas.publishedAt, field: 'publishedAt', natural: 'desc', always: true },
  price: { column: ideas.price, field: 'price', natural: 'asc' },
  date: { column: ideas.nextDateAt, field: 'nextDateAt', natural: 'asc' },
  rating: { column: ideas.ratingScore, field: 'ratingScore', natural: 'desc' },
};

/** The order's name in a cursor: a cursor is only good for the order it was made in. */
function orderName(query: IdeasQuery) {
  return `${query.sort === 'quality' ? 'quality' : listSort(query)}.${query.sortDirection}`;
}

function keyOf(query: IdeasQuery): SortKey | undefined {
  return query.sort === 'quality' ? undefined : KEYS[listSort(query)];
}

/** Where a page starts: the rows it skips (`offset`), or the condition of the rows after the cursor's. */
export type PageStart = { offset: number; after?: SQL };

/** The start of the page a query asks for: its cursor's, or its page number's. Bad cursors are 400s. */
export function pageStart(query: IdeasQuery): PageStart {
  if (query.cursor === undefined) return { offset: (query.page - 1) * query.limit };
  const cursor = decodeCursor(query.cursor);
  if (!cursor || cursor.s !== orderName(query))
    throw invalid({ cursor: ['Use the next_cursor of the previous page, with the same filters and order.'] });
  if ('o' in cursor) return { offset: cursor.o };
  const key = keyOf(query);
  if (!key) throw invalid({ cursor: ['Use the next_cursor of the previous page, with the same filters and order.'] });
  return { offset: 0, after: afterRow(key, query, cursor.v, cursor.i) };
}

/**
 * The rows after (value, id) in the order `column <direction> nulls last, id <direction>`. A row comparison is what
 * the order's index reads from; the rows without a value come after all others.
 */
function afterRow(key: SortKey, query: IdeasQuery, value: string | number | null, id: number): SQL {
  const direction = query.sortDirection === 'default' ? key.natural : query.sortDirection;
  const op = sql.raw(direction === 'asc' ? '>' : '<');
  if (value === null) return sql`(${key.column} is null and ${ideas.id} ${op} ${id})`;
  const typed = key.field === 'publishedAt' || key.field === 'nextDateAt' ? sql`${value}::timestamptz` : sql`${value}`;
  const after = sql`(${key.column}, ${ideas.id}) ${op} (${typed}, ${id})`;
  // The moderation queue's ideas are not published: they may lack the value.
  return key.always && query.f === undefined ? after : sql`(${after} or ${key.column} is null)`;
}

/** The cursor of the page after one whose last row is `last` (the listing row's JSON, timestamps as text) */
export function nextCursor(query: IdeasQuery, start: PageStart, rows: number, last: Record<string, unknown>): string {
  const key = keyOf(query);
  const cursor: ListingCursor = key
    ? { s: orderName(query), v: (last[key.field] ?? null) as string | number | null, i: last.id as number }
    : { s: orderName(query), o: start.offset + rows };
  return encodeCursor(cursor);
}
