import type { PlaceResource } from '@/lib/contract/catalog';
import type { OsmPlaceResource } from '@/lib/contract/osm';
import { apiClient, localeHeaders } from './client';

/** What a place search answers: our own places, then map results when a map service is configured. */
export type FoundPlace = PlaceResource | OsmPlaceResource;

/** The place a visitor or an author picked. */
export interface ChosenPlace {
  id: number;
  title: string;
}

export async function fetchPopularPlaces(locale: string): Promise<{ data: PlaceResource[] }> {
  return (await apiClient.get<{ data: PlaceResource[] }>('/places/popular', { headers: localeHeaders(locale) })).data;
}

export async function fetchChildPlaces(locale: string, id: number): Promise<{ data: PlaceResource[] }> {
  return (await apiClient.get<{ data: PlaceResource[] }>(`/places/${id}/children`, { headers: localeHeaders(locale) }))
    .data;
}

export async function searchPlaces(locale: string, title: string): Promise<{ data: FoundPlace[] }> {
  return (
    await apiClient.get<{ data: FoundPlace[] }>('/osm/search', { params: { title }, headers: localeHeaders(locale) })
  ).data;
}

/** One of our places by id (GET /osm/{id} answers local ids too). */
export async function fetchPlace(locale: string, id: number): Promise<{ data: PlaceResource }> {
  return (await apiClient.get<{ data: PlaceResource }>(`/osm/${id}`, { headers: localeHeaders(locale) })).data;
}

/** Keeps a map result as one of our places (signed in) and answers it. */
export async function saveSelectedPlace(locale: string, place: OsmPlaceResource): Promise<{ data: PlaceResource }> {
  const { title, lat, lon } = place.attributes;
  return (
    await apiClient.post<{ data: PlaceResource }>(
      '/osm/saveSelected',
      { id: place.id, title, lat, lon },
      { headers: localeHeaders(locale) },
    )
  ).data;
}
