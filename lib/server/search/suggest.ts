import 'server-only';
import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { SUGGESTIONS_PER_KIND, type Suggestions } from '@/lib/contract/search';
import { namePrefixMatches, searchTerms, tsqueryText } from '@/lib/listing/search-terms';
import { cachedAnswer } from '../cache/answer-cache';
import { catalog } from '../cache/catalog-cache';
import { getDb } from '../db';
import { pick } from '../db/localized';
import type { TextLanguage } from '@/lib/i18n/text-languages';
import type { LocalizedText } from '../db/schema';
import { ideas } from '../db/schema';
import { tsquery } from '../ideas/search';
import { spellingCorrection } from './correction';

/**
 * GET /search/suggest: places, categories and idea titles that start with the letters typed so far (each idea with
 * its place, so that one outside the listing's place says where it is), and the query spelled right if it has a typo.
 */
export async function suggest(query: string, language: TextLanguage): Promise<{ data: Suggestions }> {
  const [named, ideaTitles, correction] = await Promise.all([
    suggestedCatalog(query, language),
    // Places and categories come from the catalog, kept in memory; idea titles change with the content version.
    cachedAnswer(`suggest|${language}|${query.toLowerCase()}`, () => suggestedIdeas(query, language)),
    spellingCorrection(query),
  ]);
  return { data: { ...named, ideas: ideaTitles, correction } };
}

const matching = <T extends { id: number; title: LocalizedText }>(rows: T[], query: string, language: TextLanguage) =>
  rows
    .filter((row) => Object.values(row.title).some((name) => name && namePrefixMatches(name, query)))
    .slice(0, SUGGESTIONS_PER_KIND)
    .map((row) => ({ id: row.id, title: pick(row.title, language) }));

async function suggestedCatalog(query: string, language: TextLanguage) {
  const { places, categories } = await catalog();
  const byPopularity = [...places.values()].sort((a, b) => b.popularity - a.popularity || a.id - b.id);
  const byId = [...categories.values()].sort((a, b) => a.id - b.id);
  return { places: matching(byPopularity, query, language), categories: matching(byId, query, language) };
}

/**
 * Suggestions rank at most this many titles, the first the database finds: ranking every title that starts with
 * a common prefix (a few letters of the city's name) took most of a second at 100 000 ideas.
 */
const RANKED_TITLES = 200;

/** Titles only (their own vector, which stays in the row), the last word a prefix; the best matches first. */
async function suggestedIdeas(query: string, language: TextLanguage) {
  const terms = searchTerms(query);
  if (terms.length === 0) return [];
  const matches = await tsquery(tsqueryText(terms, { prefixLast: true }));
  const db = await getDb();
  const matched = db
    .select({ id: ideas.id })
    .from(ideas)
    .where(and(eq(ideas.status, 'published'), isNull(ideas.deletedAt), sql`${ideas.searchTitleVector} @@ ${matches}`))
    .limit(RANKED_TITLES);
  const rows = await db
    .select({ id: ideas.id, hid: ideas.hid, title: ideas.title, placeId: ideas.placeId })
    .from(ideas)
    .where(inArray(ideas.id, matched))
    .orderBy(desc(sql`ts_rank_cd(${ideas.searchTitleVector}, ${matches})`), desc(ideas.id))
    .limit(SUGGESTIONS_PER_KIND);
  const { places } = await catalog();
  return rows.map((row) => {
    const place = row.placeId === null ? undefined : places.get(row.placeId);
    return {
      id: row.id,
      hid: row.hid,
      title: pick(row.title, language),
      place: place ? pick(place.title, language) : null,
    };
  });
}
