import 'server-only';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { correctedQuery, correctionCandidates, vocabularyOf, type Vocabulary } from '@/lib/listing/spelling';
import { searchTerms, tsqueryText } from '@/lib/listing/search-terms';
import { cachedAnswer } from '../cache/answer-cache';
import { catalog, type Catalog } from '../cache/catalog-cache';
import { getDb } from '../db';
import { ideas } from '../db/schema';
import { tsquery } from '../ideas/search';

/**
 * "Did you mean" (GET /search/suggest `correction`, the listing's link): the query with each word the ideas do not
 * contain, but that is within a typo of a place's or a category's name, spelled as that name. Words the ideas'
 * texts contain are never corrected: they find what the visitor typed.
 */
export async function spellingCorrection(query: string): Promise<string | null> {
  const candidates = correctionCandidates(query, vocabularyFor(await catalog()));
  if (candidates.size === 0) return null;
  return cachedAnswer(`correction|${query.trim()}`, async () => {
    const unknown = new Map<string, string>();
    for (const [word, correction] of candidates) if (!(await ideasContain(word))) unknown.set(word, correction);
    return correctedQuery(query, unknown);
  });
}

const vocabularies = new WeakMap<Catalog, Vocabulary>();

/** The names of every place and category in every language; built once per catalog version. */
function vocabularyFor(current: Catalog): Vocabulary {
  let vocabulary = vocabularies.get(current);
  if (!vocabulary) {
    const titles = [...current.places.values(), ...current.categories.values()].flatMap((row) =>
      Object.values(row.title).filter((title): title is string => Boolean(title)),
    );
    vocabulary = vocabularyOf(titles);
    vocabularies.set(current, vocabulary);
  }
  return vocabulary;
}

/** Whether a published idea's texts hold the word (stemmed, its synonyms and other script included). */
async function ideasContain(word: string): Promise<boolean> {
  const terms = searchTerms(word);
  if (terms.length === 0) return false;
  const db = await getDb();
  const matches = await tsquery(tsqueryText(terms));
  const [row] = await db
    .select({ id: ideas.id })
    .from(ideas)
    .where(and(eq(ideas.status, 'published'), isNull(ideas.deletedAt), sql`${ideas.searchVector} @@ ${matches}`))
    .limit(1);
  return row !== undefined;
}
