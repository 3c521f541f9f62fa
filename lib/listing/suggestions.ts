import type { Suggestions } from '@/lib/contract/search';

/** The search field's suggestion list: groups in a fixed order, options numbered through all of them. */

export const SUGGESTION_KINDS = ['places', 'categories', 'ideas'] as const;
/** "Did you mean": the query spelled right, offered first; choosing it searches for it. */
export type SuggestionKind = 'correction' | (typeof SUGGESTION_KINDS)[number];

export interface SuggestionOption {
  kind: SuggestionKind;
  id: number;
  title: string;
  /** Ideas only: the page the option opens. */
  hid?: string;
  /** Ideas only: where the idea is, said beside its title (it may lie outside the listing's place). */
  place?: string | null;
  /** Position in the whole list, for the keyboard. */
  index: number;
}

export interface SuggestionGroup {
  kind: SuggestionKind;
  options: SuggestionOption[];
}

export function suggestionGroups(suggestions: Suggestions): SuggestionGroup[] {
  let index = 0;
  const correction: SuggestionGroup[] = suggestions.correction
    ? [{ kind: 'correction', options: [{ kind: 'correction', id: 0, title: suggestions.correction, index: index++ }] }]
    : [];
  return [
    ...correction,
    ...SUGGESTION_KINDS.filter((kind) => suggestions[kind].length > 0).map((kind) => ({
      kind,
      options: suggestions[kind].map((item) => ({ kind, ...item, index: index++ })),
    })),
  ];
}

/** The option an arrow key moves to: down from none is the first, up from none the last, both wrap around. */
export function moveActive(active: number, count: number, step: 1 | -1): number {
  if (count === 0) return -1;
  if (active < 0) return step === 1 ? 0 : count - 1;
  return (active + step + count) % count;
}
