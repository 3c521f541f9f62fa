/**
 * Russian Cyrillic in Latin letters, for names shown on the English and Chinese pages.
 *
 * The scheme is BGN/PCGN (the one English-language maps and newspapers use) without its diacritics and
 * apostrophes, so that a name reads as it is said and types on any keyboard: "Юрий Щукин" → "Yuriy Shchukin",
 * "Фёдор" → "Fyodor", "Наталья" → "Natalya". The hard and soft signs are dropped; ё after ж, ч, ш and щ is "o"
 * (it is said so there: "Жёлудев" → "Zholudev"). Anything that is not Cyrillic (Latin letters, hyphens, spaces)
 * passes through unchanged.
 */
/** Each lower-case Russian letter in Latin letters (the search's script switch uses the same table). */
export const CYRILLIC_LETTERS: Readonly<Record<string, string>> = {
  а: 'a',
  б: 'b',
  в: 'v',
  г: 'g',
  д: 'd',
  е: 'e',
  ё: 'yo',
  ж: 'zh',
  з: 'z',
  и: 'i',
  й: 'y',
  к: 'k',
  л: 'l',
  м: 'm',
  н: 'n',
  о: 'o',
  п: 'p',
  р: 'r',
  с: 's',
  т: 't',
  у: 'u',
  ф: 'f',
  х: 'kh',
  ц: 'ts',
  ч: 'ch',
  ш: 'sh',
  щ: 'shch',
  ъ: '',
  ы: 'y',
  ь: '',
  э: 'e',
  ю: 'yu',
  я: 'ya',
};

const HUSHING = new Set(['ж', 'ч', 'ш', 'щ']);
const isUpper = (char: string | undefined) => char !== undefined && char !== char.toLowerCase();

/** Whether a text holds any Cyrillic letter (a name that needs transliterating on the Latin-script pages). */
export const hasCyrillic = (text: string) => /[\u0400-\u04ff]/.test(text);

export function transliterate(text: string): string {
  const chars = [...text];
  let out = '';
  chars.forEach((char, i) => {
    const lower = char.toLowerCase();
    let latin = CYRILLIC_LETTERS[lower];
    if (latin === undefined) {
      out += char;
      return;
    }
    if (lower === 'ё' && HUSHING.has(chars[i - 1]?.toLowerCase() ?? '')) latin = 'o';
    if (!isUpper(char) || latin === '') out += latin;
    // A capital in a word written in capitals stays all capitals ("ЩУКИН" → "SHCHUKIN"), otherwise only its first letter.
    else if (isUpper(chars[i + 1]) || (isUpper(chars[i - 1]) && !/\p{Ll}/u.test(chars[i + 1] ?? '')))
      out += latin.toUpperCase();
    else out += latin.charAt(0).toUpperCase() + latin.slice(1);
  });
  return out;
}
