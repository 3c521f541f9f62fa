import 'server-only';
import { invalidateAllIdeaPages, invalidateGuidePages, invalidateIdeaPages } from './page-cache';

/**
 * The one place services report a change that cached copies must drop (README.md in this folder has the layers).
 * API answers and the catalog (places, categories, currencies) need no call: they are keyed by versions that
 * database triggers raise on every write, in every process (content_version rows 1 and 2).
 */

/** An idea's text, dates, seats, photos or status changed: its pages, home, the listings and the guide pages. */
export function ideaChanged(ideaId: number): void {
  invalidateIdeaPages(ideaId);
}

/**
 * An author's public profile changed. A name or avatar shows on every idea page, card and guide page; the about
 * text (`{ onlyAbout: true }`) only on the author's guide page.
 */
export function authorChanged({ onlyAbout = false }: { onlyAbout?: boolean } = {}): void {
  if (onlyAbout) invalidateGuidePages();
  else invalidateAllIdeaPages();
}
