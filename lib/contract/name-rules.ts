// Without zod, like password-rules.ts: the profile form checks these too. The spellings of a name a person may give
// for the English and Chinese pages (lib/i18n/display-name.ts).

export const NAME_LATIN_MAX = 80;
/** Latin letters (accented ones too), spaces, hyphens and apostrophes: "Anna-Maria O'Neil". */
export const NAME_LATIN = /^[\p{Script=Latin}][\p{Script=Latin} '’-]*$/u;

export const NAME_ZH_MAX = 40;
/** Chinese characters and the middle dot between a foreign name's parts: "安娜·科瓦廖娃". */
export const NAME_ZH = /^[\p{Script=Han}][\p{Script=Han}·]*$/u;
