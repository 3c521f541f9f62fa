import { CYRILLIC_LETTERS } from '@/lib/i18n/transliterate';

/**
 * Latin ↔ Cyrillic for Russian words typed in the other script (vladivostok, russky, шамора → shamora), so
 * that a search finds the idea whichever script its text and the visitor use. Lower-case input.
 */

/** Longest first: a Latin spelling of one Cyrillic letter may contain another's (shch ⊃ sh ⊃ s). */
const LATIN_TO_CYRILLIC: [string, string][] = [
  ['shch', 'щ'],
  ['skiy', 'ский'],
  ['skii', 'ский'],
  ['sky', 'ский'],
  ['sch', 'щ'],
  ['zh', 'ж'],
  ['kh', 'х'],
  ['ts', 'ц'],
  ['ch', 'ч'],
  ['sh', 'ш'],
  ['yu', 'ю'],
  ['ya', 'я'],
  ['yo', 'ё'],
  ['iy', 'ий'],
  ['yy', 'ый'],
  ['ye', 'е'],
  ['a', 'а'],
  ['b', 'б'],
  ['c', 'к'],
  ['d', 'д'],
  ['e', 'е'],
  ['f', 'ф'],
  ['g', 'г'],
  ['h', 'х'],
  ['i', 'и'],
  ['j', 'й'],
  ['k', 'к'],
  ['l', 'л'],
  ['m', 'м'],
  ['n', 'н'],
  ['o', 'о'],
  ['p', 'п'],
  ['q', 'к'],
  ['r', 'р'],
  ['s', 'с'],
  ['t', 'т'],
  ['u', 'у'],
  ['v', 'в'],
  ['w', 'в'],
  ['x', 'кс'],
  ['y', 'ы'],
  ['z', 'з'],
];

const VOWELS = 'аеёиоуыэюя';

function latinToCyrillic(word: string): string {
  let out = '';
  for (let i = 0; i < word.length;) {
    const pair = LATIN_TO_CYRILLIC.find(([latin]) => word.startsWith(latin, i));
    if (!pair) return '';
    const [latin] = pair;
    let [, cyrillic] = pair;
    // A word-initial e is э (egersheld → эгершельд); a y after a vowel is й (baykal → байкал).
    if (latin === 'e' && i === 0) cyrillic = 'э';
    if (latin === 'y' && VOWELS.includes(out.at(-1) ?? '')) cyrillic = 'й';
    out += cyrillic;
    i += latin.length;
  }
  return out;
}

function cyrillicToLatin(word: string): string {
  let out = '';
  for (const letter of word) {
    const latin = CYRILLIC_LETTERS[letter];
    if (latin === undefined) return '';
    out += latin;
  }
  // Russian -ий/-ый endings are written -y in English names (русский → russky).
  return out.replace(/(?:iy|yy)$/, 'y');
}

/** The word in the other script, or null when it is not all Latin or all Cyrillic letters. */
export function transliterate(word: string): string | null {
  if (/^[a-z]+$/.test(word)) return latinToCyrillic(word) || null;
  if (/^[а-яё]+$/.test(word)) return cyrillicToLatin(word) || null;
  return null;
}
