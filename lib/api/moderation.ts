import type { IdeaList } from './ideas';
import type { IdeaResource } from '@/lib/contract/ideas';
import { apiClient, localeHeaders } from './client';

/** What a moderator needs to judge an idea without opening it. */
const QUEUE_INCLUDES = 'price,author,futureDates,photos,ideaItineraries,ideaPrice,bookingParams,place,category';

/** GET /ideas?f=not-moderated: the ideas waiting for a moderator (moderators only). */
export async function fetchModerationQueue(locale: string, page: number): Promise<IdeaList> {
  const params = { f: 'not-moderated', include: QUEUE_INCLUDES, page, limit: 40 };
  return (await apiClient.get<IdeaList>('/ideas', { params, headers: localeHeaders(locale) })).data;
}

/** One idea with its description, whatever its status (moderators and its author may read it). */
export async function fetchIdeaForReview(locale: string, hid: string): Promise<{ data: IdeaResource }> {
  return (
    await apiClient.get<{ data: IdeaResource }>(`/ideas/${encodeURIComponent(hid)}`, { headers: localeHeaders(locale) })
  ).data;
}

export async function approveIdea(hid: string): Promise<void> {
  await apiClient.post(`/ideas/${encodeURIComponent(hid)}/approve`);
}

export async function refuseIdea(hid: string, reason: string): Promise<void> {
  await apiClient.post(`/ideas/${encodeURIComponent(hid)}/refuse`, { reason });
}
