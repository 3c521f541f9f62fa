import type { DepartureDays, Manifest, ScheduleBody, ScheduleResponse } from '@/lib/contract/departures';
import { apiClient, localeHeaders } from './client';
import { saveDownload } from './download';

// The guide's departures (/office/departures and the editor's schedule): loaded only on those pages.

/** GET /office/departures from a local day (the server's default range). */
export async function fetchDepartures(locale: string, from: string | undefined): Promise<DepartureDays> {
  return (
    await apiClient.get<DepartureDays>('/office/departures', {
      params: from ? { from } : {},
      headers: localeHeaders(locale),
    })
  ).data;
}

export async function fetchManifest(locale: string, id: string): Promise<Manifest> {
  return (
    await apiClient.get<{ data: Manifest }>(`/office/departures/${encodeURIComponent(id)}`, {
      headers: localeHeaders(locale),
    })
  ).data.data;
}

/** The manifest's CSV, saved as a file. */
export async function downloadManifestCsv(locale: string, id: string): Promise<void> {
  saveDownload(
    await apiClient.get<Blob>(`/office/departures/${encodeURIComponent(id)}/manifest.csv`, {
      headers: localeHeaders(locale),
      responseType: 'blob',
    }),
    'manifest.csv',
  );
}

export async function messageGuests(id: string, text: string): Promise<{ sent: number }> {
  return (
    await apiClient.post<{ data: { sent: number } }>(`/office/departures/${encodeURIComponent(id)}/message`, { text })
  ).data.data;
}

export async function cancelDeparture(locale: string, id: string, reason: string): Promise<Manifest> {
  return (
    await apiClient.post<{ data: Manifest }>(
      `/office/departures/${encodeURIComponent(id)}/cancel`,
      { reason },
      { headers: localeHeaders(locale) },
    )
  ).data.data;
}

/** POST /ideas/{hid}/departures/schedule: the preview (`preview: true`) or the departures created. */
export async function scheduleDepartures(hid: string, body: ScheduleBody): Promise<ScheduleResponse> {
  return (
    await apiClient.post<{ data: ScheduleResponse }>(`/ideas/${encodeURIComponent(hid)}/departures/schedule`, body)
  ).data.data;
}
