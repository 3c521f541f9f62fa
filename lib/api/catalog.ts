import type { AppConfig, CategoryResource, CurrencyResource } from '@/lib/contract/catalog';
import { apiClient, localeHeaders } from './client';

export async function fetchConfig(): Promise<AppConfig> {
  return (await apiClient.get<AppConfig>('/config')).data;
}

export async function fetchCategories(locale: string): Promise<{ data: CategoryResource[] }> {
  return (await apiClient.get<{ data: CategoryResource[] }>('/categories', { headers: localeHeaders(locale) })).data;
}

export async function fetchCurrencies(locale: string): Promise<{ data: CurrencyResource[] }> {
  return (await apiClient.get<{ data: CurrencyResource[] }>('/currencies', { headers: localeHeaders(locale) })).data;
}
