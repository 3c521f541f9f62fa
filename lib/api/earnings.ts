import type { EarningsResponse, PayoutBody, PayoutLine, PayoutsResponse } from '@/lib/contract/earnings';
import { apiClient, localeHeaders } from './client';
import { saveDownload } from './download';

// The guide's earnings (/office/earnings) and the payouts to guides (/office/payouts): loaded only on those pages.

export async function fetchEarnings(locale: string, month: string): Promise<EarningsResponse> {
  return (
    await apiClient.get<EarningsResponse>('/office/earnings', { params: { month }, headers: localeHeaders(locale) })
  ).data;
}

export async function downloadEarningsCsv(locale: string, month: string): Promise<void> {
  saveDownload(
    await apiClient.get<Blob>('/office/earnings.csv', {
      params: { month },
      headers: localeHeaders(locale),
      responseType: 'blob',
    }),
    `earnings-${month}.csv`,
  );
}

export async function fetchPayouts(locale: string, month: string): Promise<PayoutsResponse> {
  return (
    await apiClient.get<PayoutsResponse>('/office/payouts', { params: { month }, headers: localeHeaders(locale) })
  ).data;
}

export async function markPayout(locale: string, body: PayoutBody): Promise<PayoutLine[]> {
  return (await apiClient.post<{ data: PayoutLine[] }>('/office/payouts', body, { headers: localeHeaders(locale) }))
    .data.data;
}
