import 'server-only';
import { invalidateAllIdeaPages, invalidateIdeaPages } from './page-cache';

/**
 * The one place services report a change that cached copies must drop (README.md in this folder has the layers).
 * API answers and the catalog (places, categories, currencies) need no call: they are keyed by versions that
 * database triggers raise on every write, in every process (content_version rows 1 and 2).
 */

/** An idea's text, dates, seats, photos or status changed: its pages, home and the listings. */
export function ideaChanged(ideaId: number): void {
  invalidateIdeaPages(ideaId);
}

/** Something every idea page shows changed (an author's name or avatar). */
export function authorChanged(): void {
  invalidateAllIdeaPages();
}
