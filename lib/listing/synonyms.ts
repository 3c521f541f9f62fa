/**
 * Words a visitor types for the same thing, in any of the site's languages (the texts carry every language, so
 * one group may mix them). Each word is lower-case and a whole word; the search stems them as it does the texts.
 */
const SYNONYM_GROUPS: string[][] = [
  ['хайкинг', 'поход', 'трекинг', 'треккинг', 'hiking', 'hike', 'hiker', 'trekking', 'trek'],
  ['каякинг', 'каяк', 'байдарка', 'kayaking', 'kayak', 'canoe'],
  ['сап', 'сапборд', 'sup', 'paddleboard', 'paddleboarding'],
  ['дайвинг', 'погружение', 'diving', 'dive', 'scuba'],
  ['рафтинг', 'сплав', 'rafting'],
  ['велосипед', 'велопрогулка', 'велотур', 'cycling', 'bike', 'bicycle'],
  ['еда', 'кухня', 'гастротур', 'food', 'cuisine'],
  ['семья', 'семейный', 'дети', 'детский', 'family', 'kids', 'children'],
  ['海参崴', '符拉迪沃斯托克'],
];

const SYNONYMS = new Map<string, string[]>(
  SYNONYM_GROUPS.flatMap((group) => group.map((word) => [word, group.filter((other) => other !== word)])),
);

/** The other words of the word's group, or none. */
export function synonymsOf(word: string): string[] {
  return SYNONYMS.get(word) ?? [];
}
