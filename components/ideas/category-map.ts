import type { CategoryResource } from '@/lib/contract/catalog';

/** A category as a card shows it: its localized title and colour class. */
export interface CardCategory {
  title: string;
  color: number;
}

/** Categories by id, for the cards of a list. */
export function categoryMap(categories: CategoryResource[]): Map<number, CardCategory> {
  return new Map(categories.map((c) => [c.id, { title: c.attributes.title, color: c.attributes.color }]));
}
