import type { IdeaResource } from '@/lib/contract/ideas';
import type { IdeaMarkersResponse } from '@/lib/contract/markers';
import type { Page } from '@/lib/listing/pagination';
import axios from 'axios';
import { guideIdeasParams } from '@/lib/listing/params';
import { apiClient, localeHeaders } from './client';

export type IdeaList = Page<IdeaResource>;

/** GET /ideas with the listing's params (strings, as in its URL). */
export async function fetchIdeas(locale: string, params: Record<string, string | number>): Promise<IdeaList> {
  const response = await apiClient.get<IdeaList>('/ideas', { params, headers: localeHeaders(locale) });
  return response.data;
}

/** GET /ideas/markers with a listing's filters: the map's pins. */
export async function fetchIdeaMarkers(locale: string, params: Record<string, string>): Promise<IdeaMarkersResponse> {
  const response = await apiClient.get<IdeaMarkersResponse>('/ideas/markers', {
    params,
    headers: localeHeaders(locale),
  });
  return response.data;
}

/** GET /ideas/{id|hid} with the idea page's includes. */
export async function fetchIdea(locale: string, id: string): Promise<{ data: IdeaResource }> {
  const response = await apiClient.get<{ data: IdeaResource }>(`/ideas/${encodeURIComponent(id)}`, {
    headers: localeHeaders(locale),
  });
  return response.data;
}

/**
 * GET /users/{hid}/ideas as anyone sees it: a guide's published ideas, a page of their public page. Sent without the
 * session's token, since the guide's own token would add their drafts (an office list, not the public page).
 */
export async function fetchGuideIdeas(locale: string, guideHid: string, page: number): Promise<IdeaList> {
  const response = await axios.get<IdeaList>(`/api/v1/users/${encodeURIComponent(guideHid)}/ideas`, {
    params: { ...guideIdeasParams(), page: String(page) },
    headers: { Accept: 'application/json', ...localeHeaders(locale) },
  });
  return response.data;
}
