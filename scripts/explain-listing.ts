// `npm run explain:listing`: EXPLAIN (ANALYZE, BUFFERS) of the listing's statements on the configured database
// (DATABASE_URL, or PGlite under DATA_DIR), as the app builds them (lib/server/ideas/query.ts and markers.ts): the
// default listing, a filtered one, a deep page of each, the text search and the map's markers. The queries are
// bench:api's, e.g. after `DATABASE_URL=… npm run db:fake -- --ideas 100000`.
// Options: --only <name> (one of them), --full (the whole plan; by default only its nodes' lines).
import { parseArgs } from 'node:util';
import { sql, type SQLWrapper } from 'drizzle-orm';
import '@/lib/server/startup/database';
import { ideasQuery } from '@/lib/contract/ideas';
import { getDb } from '@/lib/server/db';
import { rowsOf } from '@/lib/server/db/client';
import { listFilter } from '@/lib/server/ideas/filters';
import { markersStatement } from '@/lib/server/ideas/markers';
import { listIdeas, listingStatement } from '@/lib/server/ideas/query';

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000 + 10 * 3_600_000).toISOString().slice(0, 10);
const FILTERED = {
  place_id: '1',
  category_id: '2',
  date_from: day(20),
  date_to: day(50),
  price_min: '1000',
  price_max: '20000',
};
// A deep page by its number (offset), and by the cursor of the page before it, as the listing pages on.
const CASES: [string, Record<string, string>, 'listing' | 'cursor' | 'markers'][] = [
  ['default listing', {}, 'listing'],
  ['default listing, page 50', { page: '50' }, 'listing'],
  ['default listing, page 50 from a cursor', { page: '50' }, 'cursor'],
  ['filtered listing', FILTERED, 'listing'],
  ['filtered listing, page 20', { ...FILTERED, page: '20' }, 'listing'],
  ['filtered listing, page 20 from a cursor', { ...FILTERED, page: '20' }, 'cursor'],
  ['text search', { place_id: '1', query: 'маяки' }, 'listing'],
  ['markers', {}, 'markers'],
  ['filtered markers', FILTERED, 'markers'],
];

/** The next_cursor of the page before the one `params` names, as GET /ideas gives it. */
async function cursorBefore(params: Record<string, string>, now: Date): Promise<string> {
  const previous = ideasQuery.parse({ ...params, page: String(Number(params.page) - 1) });
  const { meta } = await listIdeas(previous, 'ru', null, now);
  if (!('next_cursor' in meta) || !meta.next_cursor) throw new Error(`no page after ${previous.page}`);
  return meta.next_cursor;
}

async function main() {
  const { values } = parseArgs({ options: { only: { type: 'string' }, full: { type: 'boolean', default: false } } });
  const db = await getDb();
  const now = new Date();
  for (const [name, params, kind] of CASES) {
    if (values.only && values.only !== name) continue;
    if (kind === 'cursor') params.cursor = await cursorBefore(params, now);
    const query = ideasQuery.parse(params);
    const filter = await listFilter(query, null, now);
    const statement: SQLWrapper =
      kind !== 'markers'
        ? (await listingStatement(filter, query, now)).statement
        : (await markersStatement(filter, query)).statement;
    // Once to warm the caches as a server that has answered before would have them, then explained.
    await db.execute(sql`${statement}`);
    const plan = rowsOf<{ 'QUERY PLAN': string }>(await db.execute(sql`explain (analyze, buffers) ${statement}`)).map(
      (row) => row['QUERY PLAN'],
    );
    const shown = values.full
      ? plan
      : plan
          .filter((line) => /->|^\S|Buffers|Rows Removed|Index Cond|Filter:|Time:/.test(line))
          .map((line) => (line.length > 200 ? `${line.slice(0, 200)}…` : line));
    console.log(
      `\n## ${name}: GET /api/v1/ideas${kind === 'markers' ? '/markers' : ''}?${new URLSearchParams(params)}\n`,
    );
    console.log(shown.join('\n'));
  }
}

main()
  .then(() => process.exit(0))
  .catch((error) => {
    console.error(error);
    process.exit(1);
  });
