import type { FavouriteRef } from '@/lib/contract/favourite-refs';
import type { AppLocale } from '@/lib/i18n/locales';
import { apiClient, localeHeaders } from './client';
import type { IdeaList } from './ideas';

const base = (userHid: string) => `/users/${encodeURIComponent(userHid)}/favourites`;

/** GET /users/{id}/favourites?ids_only=1: every saved published idea, for the hearts. */
export async function fetchFavouriteIds(userHid: string): Promise<FavouriteRef[]> {
  return (await apiClient.get<{ data: FavouriteRef[] }>(base(userHid), { params: { ids_only: 1 } })).data.data;
}

/** GET /users/{id}/favourites: one page of cards, newest saved first. */
export async function fetchFavourites(locale: AppLocale, userHid: string, page: number): Promise<IdeaList> {
  return (
    await apiClient.get<IdeaList>(base(userHid), {
      params: { page, limit: 24 },
      headers: localeHeaders(locale),
    })
  ).data;
}

export async function saveFavourite(userHid: string, ideaHid: string): Promise<void> {
  await apiClient.put(`${base(userHid)}/${encodeURIComponent(ideaHid)}`);
}

export async function removeFavourite(userHid: string, ideaHid: string): Promise<void> {
  await apiClient.delete(`${base(userHid)}/${encodeURIComponent(ideaHid)}`);
}

/**
 * Saves a visitor's favourites from before signing in to the account, oldest first so the account keeps their
 * order. Answers the hids that need no more trying: saved, or gone (404: unpublished or deleted since).
 */
export async function mergeFavourites(userHid: string, hids: readonly string[]): Promise<string[]> {
  const done: string[] = [];
  for (const hid of [...hids].reverse()) {
    try {
      await saveFavourite(userHid, hid);
      done.push(hid);
    } catch (error) {
      const status = (error as { response?: { status?: number } }).response?.status;
      if (status === 404) done.push(hid);
      else break;
    }
  }
  return done;
}
