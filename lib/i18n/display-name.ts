import type { TextLanguage } from './text-languages';
import { hasCyrillic, transliterate } from './transliterate';

/** The spellings of a person's name an account holds: the one they registered with, and the ones they gave. */
export interface NameSpellings {
  name: string;
  nameLatin?: string | null;
  nameZh?: string | null;
}

/**
 * A person's name as the page's language writes it: Russian pages show it as entered; English pages the Latin
 * spelling its owner gave, else a transliteration; Chinese pages the Chinese spelling, else the Latin one.
 */
export function displayName(user: NameSpellings, language: TextLanguage): string {
  if (language === 'ru') return user.name;
  if (language === 'zh' && user.nameZh) return user.nameZh;
  if (user.nameLatin) return user.nameLatin;
  return hasCyrillic(user.name) ? transliterate(user.name) : user.name;
}
