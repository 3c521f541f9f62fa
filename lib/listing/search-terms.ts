import { synonymsOf } from './synonyms';
import { transliterate } from './transliterate';

/**
 * A search query as the database's full-text search reads it: words, each with the alternatives that also count
 * (its synonyms and its spelling in the other script), and runs of Chinese characters, which have no spaces
 * between words and are matched by overlapping character pairs (bigrams), as the ideas' Chinese texts are
 * indexed (migration 0018, `search_cjk`).
 */

/** Han characters: the ranges `search_cjk` (migration 0018) turns into bigrams. */
const HAN = '\\u3400-\\u4dbf\\u4e00-\\u9fff\\uf900-\\ufaff';
const TOKEN = new RegExp(`[${HAN}]+|(?:(?![${HAN}])[\\p{L}\\p{N}\\p{M}])+`, 'gu');
const IS_HAN = new RegExp(`^[${HAN}]`, 'u');

/** More words than this add little to a search and only cost time. */
const MAX_TERMS = 8;

/** One word of the query and the words that count as it. */
export type SearchTerm = string[];

export function searchTerms(query: string): SearchTerm[] {
  const words = query.toLowerCase().match(TOKEN) ?? [];
  return words.slice(0, MAX_TERMS).map((word) => {
    const other = transliterate(word);
    return [...new Set([word, ...synonymsOf(word), ...(other ? [other, ...synonymsOf(other)] : [])])];
  });
}

const isHan = (word: string) => IS_HAN.test(word);

/** The query's words as one string for trigram similarity, with each word also in the other script. */
export function similarityTexts(terms: SearchTerm[]): string[] {
  const typed = terms.map((term) => term[0]).join(' ');
  const other = terms.map((term) => transliterate(term[0]) ?? term[0]).join(' ');
  return [...new Set([typed, other])];
}

/** A run of Han characters as a phrase of its bigrams; a single character as a prefix of one. */
function hanQuery(run: string): string {
  if (run.length === 1) return `${run}:*`;
  const pairs = Array.from({ length: run.length - 1 }, (_, i) => run.slice(i, i + 2));
  return pairs.length === 1 ? pairs[0] : `(${pairs.join(' <-> ')})`;
}

export interface TsqueryOptions {
  /** The last word is still being typed: it matches as a prefix. */
  prefixLast?: boolean;
}

/**
 * The terms in `to_tsquery` syntax: every term must match, any of its alternatives will do. Words hold only
 * letters, digits and marks, so no alternative can carry tsquery syntax of its own.
 */
export function tsqueryText(terms: SearchTerm[], { prefixLast = false }: TsqueryOptions = {}): string {
  return terms
    .map((term, index) => {
      const prefix = prefixLast && index === terms.length - 1;
      const alternatives = term.map((word) => (isHan(word) ? hanQuery(word) : prefix ? `${word}:*` : word));
      return alternatives.length === 1 ? alternatives[0] : `(${alternatives.join(' | ')})`;
    })
    .join(' & ');
}

const WORD_CHARACTER = /[\p{L}\p{N}]/u;
const fold = (text: string) => text.toLowerCase().replaceAll('ё', 'е');

/**
 * Whether a name starts with the typed letters at one of its words, as typed or in the other script (a Chinese
 * name, which has no word boundaries, anywhere).
 */
export function namePrefixMatches(name: string, query: string): boolean {
  const typed = fold(query.trim()).replace(/\s+/g, ' ');
  if (!typed) return false;
  const other = typed
    .split(' ')
    .map((word) => transliterate(word) ?? word)
    .join(' ');
  const words = fold(name);
  return [typed, other].some((prefix) => {
    if (isHan(prefix)) return words.includes(prefix);
    for (let at = words.indexOf(prefix); at >= 0; at = words.indexOf(prefix, at + 1))
      if (at === 0 || !WORD_CHARACTER.test(words[at - 1])) return true;
    return false;
  });
}

/** An operand of a query in tsquery's text form: a quoted lexeme ('' is a quote within it), `:*` when a prefix. */
const OPERAND = /^'((?:[^']|'')+)'(:\*)?$/;

/**
 * The query that matches as any of `parts` (one configuration's query each, in tsquery's text form) matches, with
 * each operand once. Ranking (`ts_rank_cd`) costs by the query's operands: the three configurations give the same
 * lexeme two or three times (a Cyrillic word is its own English and simple lexeme; a Latin one its Russian and
 * simple), which tripled the cost of ranking 500 matches. A repeated operand adds nothing to what matches or to the
 * rank: the rank counts the document's matching positions and covers, whichever operands match them. So equal parts
 * count once, and when every part is a choice between words (one word and its alternatives), the choice keeps each
 * word once and leaves out the words a prefix of another already matches ('маяки':* where 'маяк':* is).
 */
export function combinedTsquery(parts: string[]): string {
  const distinct = [...new Set(parts.map((part) => part.trim()).filter(Boolean))];
  const alternatives = distinct.flatMap((part) => part.split(' | '));
  const operands = alternatives.map((operand) => OPERAND.exec(operand));
  if (operands.some((operand) => operand === null)) return distinct.map((part) => `( ${part} )`).join(' | ');
  const words = [
    ...new Map(operands.map((operand) => [operand![0], { lexeme: operand![1], prefix: Boolean(operand![2]) }])),
  ];
  const kept = words.filter(
    ([text, { lexeme }]) =>
      !words.some(([other, word]) => other !== text && word.prefix && lexeme.startsWith(word.lexeme)),
  );
  return kept.map(([text]) => text).join(' | ');
}
