import 'server-only';
import { sql, type SQL } from 'drizzle-orm';
import {
  combinedTsquery,
  searchTerms,
  similarityTexts,
  tsqueryText,
  type SearchTerm,
} from '@/lib/listing/search-terms';
import { getDb } from '../db';
import { rowsOf } from '../db/client';
import { ideas } from '../db/schema';

/**
 * The `query` filter: full-text search over the ideas' texts in every language (stemmed, synonyms and the other
 * script included), or a title within a typo of the query (trigram word similarity), ranked by relevance.
 */

/** Shorter queries resemble too many titles by a trigram or two: only full-text search applies to them. */
const MIN_SIMILARITY_LENGTH = 4;

/**
 * A listing in relevance order ranks at most this many matches, and its total counts no more: ranking and
 * counting every match reads each matching row, which for a common word among 100 000 ideas took seconds. The
 * matches are read best tier first (see `rankedMatches`); a tier the limit cuts short is ranked among the rows
 * its index gave first.
 */
export const RANKED_MATCHES_LIMIT = 500;

/** How many queries' stemmed forms a process keeps (the stemmers never change: an entry never goes stale). */
const STEMMED_QUERIES = 1_000;
const stemmed = new Map<string, string>();

/**
 * The query in `to_tsquery` syntax as the three configurations of the index (db/schema/ideas.ts, `searchVector`)
 * stem it, a word matching as any of them stems it, each stemmed word once (`combinedTsquery`): as a tsquery
 * literal, which the statement neither stems again nor repeats per use. A query not seen before costs one round trip
 * to stem it; the process keeps the result.
 */
export async function tsquery(text: string): Promise<SQL> {
  let combined = stemmed.get(text);
  if (combined === undefined) {
    const db = await getDb();
    const [row] = rowsOf<{ ru: string; en: string; zh: string }>(
      await db.execute(
        sql`select to_tsquery('russian', ${text})::text as ru, to_tsquery('english', ${text})::text as en, to_tsquery('simple', ${text})::text as zh`,
      ),
    );
    combined = combinedTsquery([row.ru, row.en, row.zh]);
    if (stemmed.size >= STEMMED_QUERIES) stemmed.delete(stemmed.keys().next().value!);
    stemmed.set(text, combined);
  }
  return sql`${combined}::tsquery`;
}

/** The subquery `rankedMatches` returns is joined under this name. */
const MATCHES = sql.identifier('matches');
/** Higher first. */
export const matchRank = sql<number>`${MATCHES}."rank"`;
/** How many matches were ranked (at most RANKED_MATCHES_LIMIT). */
export const matchTotal = sql<number>`${MATCHES}."total"`;
/** The join condition of the ranked matches. */
export const isMatch = sql`${MATCHES}."id" = ${ideas.id}`;

export interface TextSearch {
  where: SQL;
  /**
   * The best `first` matches among those `base` (the listing's other conditions) admits, as a subquery named
   * `matches` of (id, rank, total): to join on `isMatch` and order by `matchRank`.
   */
  rankedMatches(base: SQL, first: number): SQL;
}

const NOTHING: TextSearch = {
  where: sql`false`,
  rankedMatches: () => sql`(select 0 as id, 0 as rank, 0 as total where false) ${MATCHES}`,
};

export async function textSearch(query: string): Promise<TextSearch> {
  const terms: SearchTerm[] = searchTerms(query);
  if (terms.length === 0) return NOTHING;
  const matches = await tsquery(tsqueryText(terms, { prefixLast: true }));
  const inText = sql`${ideas.searchVector} @@ ${matches}`;
  const inTitle = sql`${ideas.searchTitleVector} @@ ${matches}`;
  const texts = similarityTexts(terms).filter((text) => text.length >= MIN_SIMILARITY_LENGTH);
  // `<%` (word similarity at least pg_trgm.word_similarity_threshold, 0.6) is what the trigram index serves.
  const similar = texts.length
    ? sql`(${sql.join(
        texts.map((text) => sql`${text} <% ${ideas.searchTitle}`),
        sql` or `,
      )})`
    : null;
  const similarity = sql`greatest(${sql.join(
    texts.map((text) => sql`word_similarity(${text}, ${ideas.searchTitle})`),
    sql`, `,
  )})`;
  // The tiers, best first, each read through its index only as far as the limit needs: ideas with every word in
  // the title (ranked by how densely they occur there, read from the small title vector), then titles within a
  // typo of the query (by similarity, 0.6 to 1), then ideas with the words in their description or what is
  // included (newest first: their TOASTed vectors are not read to rank them). A tier that fills the limit leaves
  // the next unread.
  const tier = (rank: SQL, condition: SQL, base: SQL) =>
    sql`(select ${ideas.id} as id, ${rank} as rank from ${ideas} where ${base} and ${condition} limit ${RANKED_MATCHES_LIMIT})`;
  return {
    where: similar ? sql`(${inText} or ${similar})` : inText,
    rankedMatches: (base, first) => {
      const tiers = [tier(sql`1 + ts_rank_cd(${ideas.searchTitleVector}, ${matches}, 32)`, inTitle, base)];
      if (similar) tiers.push(tier(similarity, sql`${similar} and not ${inTitle} and not ${inText}`, base));
      tiers.push(tier(sql`0::real`, sql`${inText} and not ${inTitle}`, base));
      return sql`(select id, rank, (count(*) over ())::int as total
        from (${sql.join(tiers, sql` union all `)} limit ${RANKED_MATCHES_LIMIT}) ranked
        order by rank desc, id desc limit ${first}) ${MATCHES}`;
    },
  };
}
