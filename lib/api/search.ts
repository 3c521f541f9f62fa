import type { Suggestions } from '@/lib/contract/search';
import { apiClient, localeHeaders } from './client';

export async function fetchSuggestions(locale: string, query: string): Promise<Suggestions> {
  const response = await apiClient.get<{ data: Suggestions }>('/search/suggest', {
    params: { query },
    headers: localeHeaders(locale),
  });
  return response.data.data;
}
