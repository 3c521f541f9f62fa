import type { ReactNode } from 'react';
import { categoryMap } from '@/components/ideas/category-map';
import { IdeaCardItems } from '@/components/ideas/IdeaCard';
import type { IdeaResource } from '@/lib/contract/ideas';
import type { CategoryResource } from '@/lib/contract/catalog';

/** A home section's card width: most of a phone's width (the row scrolls sideways), a column on a desktop. */
export const SECTION_CARD_SIZES = '(max-width: 559px) 78vw, 290px';
/** Cards of the first section whose covers load first. */
export const SECTION_EAGER_CARDS = 2;

/** The cards of each home section as the server renders them (the first section's covers load first). */
export function serverSectionCards<S extends string>(
  sections: readonly S[],
  ideasOf: (section: S) => IdeaResource[] | undefined,
  categories: CategoryResource[],
) {
  const byId = categoryMap(categories);
  return Object.fromEntries(
    sections.map((section, index) => {
      const ideas = ideasOf(section);
      // null: the section has no ideas; undefined: the server has no answer for it (the browser asks).
      const cards = !ideas ? undefined : ideas.length ? (
        <IdeaCardItems
          ideas={ideas}
          categories={byId}
          eagerCards={index === 0 ? SECTION_EAGER_CARDS : 0}
          sizes={SECTION_CARD_SIZES}
        />
      ) : null;
      return [section, cards];
    }),
  ) as Partial<Record<S, ReactNode>>;
}
