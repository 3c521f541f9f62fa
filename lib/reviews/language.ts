import type { TextLanguage } from '@/lib/i18n/text-languages';

const SCRIPTS: [TextLanguage, RegExp][] = [
  ['ru', /\p{Script=Cyrillic}/gu],
  ['zh', /\p{Script=Han}/gu],
  ['en', /\p{Script=Latin}/gu],
];

/**
 * The language a review is written in, told by its script: the one most of its letters are written in (Cyrillic is
 * Russian, Han Chinese, Latin English). A text without letters (emoji, digits) takes the reviewer's language.
 * A Chinese character carries a word where a Latin letter carries a sound, so each counts as three.
 */
export function detectTextLanguage(text: string, fallback: TextLanguage): TextLanguage {
  let best: TextLanguage = fallback;
  let bestScore = 0;
  for (const [language, pattern] of SCRIPTS) {
    const score = (text.match(pattern)?.length ?? 0) * (language === 'zh' ? 3 : 1);
    if (score > bestScore) {
      best = language;
      bestScore = score;
    }
  }
  return best;
}
