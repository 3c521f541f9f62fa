/**
 * "Did you mean": a word of the query that the site does not know, within a typo or two of a word it does (a
 * place's or a category's name), is offered corrected — "владивасток" → "Владивосток".
 */

/** The words of a text as typed: letters, digits and marks (the search's own tokens, without the Han runs). */
const WORD = /[\p{L}\p{N}\p{M}]+/gu;

/** Shorter words resemble too many others to be corrected. */
const MIN_CORRECTED_LENGTH = 4;

/** How many typos a word of this length may hold and still be corrected: one up to 7 letters, two from 8. */
export function allowedTypos(length: number): number {
  if (length < MIN_CORRECTED_LENGTH) return 0;
  return length < 8 ? 1 : 2;
}

/**
 * The edit distance of two words (insertions, deletions, substitutions and swaps of neighbours each count one),
 * or `max + 1` as soon as it is sure to exceed `max`.
 */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let before = new Array<number>(b.length + 1).fill(0);
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) value = Math.min(value, before[j - 2] + 1);
      current.push(value);
      best = Math.min(best, value);
    }
    if (best > max) return max + 1;
    before = previous;
    previous = current;
  }
  return previous[b.length];
}

/** The words a correction may offer, lowercased, each with its spelling as the site writes it. */
export type Vocabulary = Map<string, string>;

export function vocabularyOf(texts: Iterable<string>): Vocabulary {
  const vocabulary: Vocabulary = new Map();
  for (const text of texts)
    for (const word of text.match(WORD) ?? [])
      if (word.length >= MIN_CORRECTED_LENGTH && !vocabulary.has(word.toLowerCase()))
        vocabulary.set(word.toLowerCase(), word);
  return vocabulary;
}

/**
 * A word the vocabulary knows: one of its words, or such a word with an ending ("владивостоке"), or the start of
 * one still being typed ("владив").
 */
function isKnown(word: string, vocabulary: Vocabulary): boolean {
  if (vocabulary.has(word)) return true;
  for (const known of vocabulary.keys()) if (word.startsWith(known) || known.startsWith(word)) return true;
  return false;
}

/** The vocabulary's word nearest to `word` within the typos its length allows (the first of equals), or null. */
export function closestWord(word: string, vocabulary: Vocabulary): string | null {
  const lower = word.toLowerCase();
  const max = allowedTypos(lower.length);
  if (max === 0 || isKnown(lower, vocabulary)) return null;
  let best: { word: string; distance: number } | null = null;
  for (const [known, spelled] of vocabulary) {
    const distance = editDistance(lower, known, best ? best.distance - 1 : max);
    if (distance <= max && (!best || distance < best.distance)) best = { word: spelled, distance };
  }
  return best?.word ?? null;
}

/** Each word of the query that has a correction (`corrections`, by the word as typed), replaced in place. */
export function correctedQuery(query: string, corrections: ReadonlyMap<string, string>): string | null {
  if (corrections.size === 0) return null;
  const corrected = query.trim().replace(WORD, (word) => corrections.get(word) ?? word);
  return corrected === query.trim() ? null : corrected;
}

/** The query's words that could be corrected, each with the vocabulary's nearest word. */
export function correctionCandidates(query: string, vocabulary: Vocabulary): Map<string, string> {
  const candidates = new Map<string, string>();
  for (const word of query.match(WORD) ?? []) {
    const closest = closestWord(word, vocabulary);
    if (closest) candidates.set(word, closest);
  }
  return candidates;
}
