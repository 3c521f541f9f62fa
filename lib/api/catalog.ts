import type { AppConfig, CategoryResource } from '@/lib/contract/catalog';
import { apiClient, localeHeaders } from './client';

export async function fetchConfig(): Promise<AppConfig> {
  return (await apiClient.get<AppConfig>('/config')).data;
}

export async function fetchCategories(locale: string): Promise<{ data: CategoryResource[] }> {
  return (await apiClient.get<{ data: CategoryResource[] }>('/categories', { headers: localeHeaders(locale) })).data;
}
