import type { IdeaTypeResource } from '@/lib/contract/catalog';
import type { IdeaResource } from '@/lib/contract/ideas';
import type { IdeaTexts, PatchIdeaBody } from '@/lib/contract/own-ideas';
import type { Page } from '@/lib/listing/pagination';
import type { BookingResource as Booking } from './bookings';
import type { IdeaList } from './ideas';
import { apiClient, localeHeaders } from './client';

/** A booking as GET /users/{hid}/bookings answers it (the fields the office shows). */
export type BookingResource = Pick<Booking, 'id' | 'hid' | 'type'> & {
  attributes: Pick<
    Booking['attributes'],
    'status' | 'adults' | 'children' | 'total' | 'currency' | 'symbol' | 'contact' | 'starts_at' | 'traveller_name'
  >;
  relationships: { idea: { data: Omit<Booking['relationships']['idea']['data'], 'cover_url'> } };
};

const OWN_INCLUDES = 'price,futureDates,category';

/** GET /users/{hid}/ideas: one page of the signed-in author's ideas in every status. */
export async function fetchOwnIdeas(locale: string, userHid: string, page: number): Promise<IdeaList> {
  const response = await apiClient.get<IdeaList>(`/users/${encodeURIComponent(userHid)}/ideas`, {
    params: { page, limit: 40, include: OWN_INCLUDES },
    headers: localeHeaders(locale),
  });
  return response.data;
}

/** POST /users/{hid}/ideas: the editor's first save creates the draft with what the author entered. */
export async function createIdea(
  locale: string,
  userHid: string,
  body: PatchIdeaBody,
): Promise<{ data: IdeaResource }> {
  return (
    await apiClient.post<{ data: IdeaResource }>(`/users/${encodeURIComponent(userHid)}/ideas`, body, {
      headers: localeHeaders(locale),
    })
  ).data;
}

export async function deleteIdea(hid: string): Promise<void> {
  await apiClient.delete(`/ideas/${encodeURIComponent(hid)}`);
}

/** GET /ideas/{hid} with every include the editor needs. */
export async function fetchOwnIdea(locale: string, hid: string): Promise<{ data: IdeaResource }> {
  return (
    await apiClient.get<{ data: IdeaResource }>(`/ideas/${encodeURIComponent(hid)}`, { headers: localeHeaders(locale) })
  ).data;
}

export async function fetchIdeaTexts(hid: string): Promise<{ data: IdeaTexts }> {
  return (await apiClient.get<{ data: IdeaTexts }>(`/ideas/${encodeURIComponent(hid)}/texts`)).data;
}

export async function patchIdea(locale: string, hid: string, body: PatchIdeaBody): Promise<{ data: IdeaResource }> {
  return (
    await apiClient.patch<{ data: IdeaResource }>(`/ideas/${encodeURIComponent(hid)}`, body, {
      headers: localeHeaders(locale),
    })
  ).data;
}

export async function submitIdea(locale: string, hid: string): Promise<{ data: IdeaResource }> {
  return (
    await apiClient.post<{ data: IdeaResource }>(`/ideas/${encodeURIComponent(hid)}/submit`, null, {
      headers: localeHeaders(locale),
    })
  ).data;
}

/** POST /ideas/{hid}/photos (multipart field "file"). */
export async function uploadIdeaPhoto(
  hid: string,
  file: File,
): Promise<{ data: { id: number; attributes: { cover_url: string } } }> {
  const form = new FormData();
  form.append('file', file);
  return (await apiClient.post(`/ideas/${encodeURIComponent(hid)}/photos`, form)).data;
}

export async function fetchIdeaTypes(locale: string): Promise<{ data: IdeaTypeResource[] }> {
  return (await apiClient.get<{ data: IdeaTypeResource[] }>('/idea-types', { headers: localeHeaders(locale) })).data;
}

/** GET /users/{hid}/bookings?as=author: bookings travellers made for the author's ideas. */
export async function fetchReceivedBookings(
  locale: string,
  userHid: string,
  page: number,
): Promise<Page<BookingResource>> {
  const params = { as: 'author', when: 'upcoming', page, limit: 40 };
  return (
    await apiClient.get<Page<BookingResource>>(`/users/${encodeURIComponent(userHid)}/bookings`, {
      params,
      headers: localeHeaders(locale),
    })
  ).data;
}

/** GET /office/requests: the requests waiting for the signed-in guide's answer, the nearest deadline first. */
export async function fetchGuideRequests(locale: string): Promise<{ data: Booking[]; meta: { total: number } }> {
  return (
    await apiClient.get<{ data: Booking[]; meta: { total: number } }>('/office/requests', {
      headers: localeHeaders(locale),
    })
  ).data;
}

/** POST /bookings/{hid}/accept or /decline (with the message to the traveller). */
export async function answerRequest(
  hid: string,
  answer: { accept: true } | { accept: false; message: string },
  locale: string,
): Promise<Booking> {
  const path = `/bookings/${encodeURIComponent(hid)}/${answer.accept ? 'accept' : 'decline'}`;
  const body = answer.accept ? null : { message: answer.message };
  return (await apiClient.post<{ data: Booking }>(path, body, { headers: localeHeaders(locale) })).data.data;
}
