import 'server-only';
import { sql, type SQL } from 'drizzle-orm';
import { searchTerms, similarityTexts, tsqueryText, type SearchTerm } from '@/lib/listing/search-terms';
import { ideas } from '../db/schema';

/**
 * The `query` filter: full-text search over the ideas' texts in every language (stemmed, synonyms and the other
 * script included), or a title within a typo of the query (trigram word similarity), ranked by relevance.
 */

/** Shorter queries resemble too many titles by a trigram or two: only full-text search applies to them. */
const MIN_SIMILARITY_LENGTH = 4;

/** The three configurations of the index (schema.ts, `searchVector`): a word matches as any of them stems it. */
export function tsquery(text: string): SQL {
  return sql`(to_tsquery('russian', ${text}) || to_tsquery('english', ${text}) || to_tsquery('simple', ${text}))`;
}

export interface TextSearch {
  where: SQL;
  /** Higher first: a title match, then how densely the words occur (title above description), then similarity. */
  rank: SQL<number>;
}

export function textSearch(query: string): TextSearch {
  const terms: SearchTerm[] = searchTerms(query);
  if (terms.length === 0) return { where: sql`false`, rank: sql<number>`0::real` };
  const matches = tsquery(tsqueryText(terms, { prefixLast: true }));
  const inTitle = tsquery(tsqueryText(terms, { prefixLast: true, weight: 'A' }));
  const texts = similarityTexts(terms).filter((text) => text.length >= MIN_SIMILARITY_LENGTH);
  // `<%` (word similarity at least pg_trgm.word_similarity_threshold, 0.6) is what the trigram index serves.
  const similar = texts.map((text) => sql`${text} <% ${ideas.searchTitle}`);
  const similarity = texts.length
    ? sql`greatest(${sql.join(
        texts.map((text) => sql`word_similarity(${text}, ${ideas.searchTitle})`),
        sql`, `,
      )})`
    : sql`0`;
  return {
    where: sql`(${sql.join([sql`${ideas.searchVector} @@ ${matches}`, ...similar], sql` or `)})`,
    rank: sql<number>`((${ideas.searchVector} @@ ${inTitle})::int + ts_rank_cd(${ideas.searchVector}, ${matches}, 32) + ${similarity})`,
  };
}
