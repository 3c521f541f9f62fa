import 'server-only';
import { invalidateCatalog } from './catalog-cache';
import { invalidateAllIdeaPages, invalidateIdeaPages } from './page-cache';

/**
 * The one place services report a change that cached copies must drop (README.md in this folder has the layers).
 * API answers need no call: they are keyed by the content version that database triggers raise on every write.
 */

/** An idea's text, dates, seats, photos or status changed: its pages, home and the listings. */
export function ideaChanged(ideaId: number): void {
  invalidateIdeaPages(ideaId);
}

/** Something every idea page shows changed (an author's name or avatar). */
export function authorChanged(): void {
  invalidateAllIdeaPages();
}

/** Places, categories or currencies changed. */
export function catalogChanged(): void {
  invalidateCatalog();
}
