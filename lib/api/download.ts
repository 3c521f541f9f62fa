import type { AxiosResponse } from 'axios';

/**
 * A file fetched with the session's token (a plain link would carry none), handed to the browser as a download
 * under the name the server gives, else `fallback`.
 */
export function saveDownload(response: AxiosResponse<Blob>, fallback: string): void {
  const disposition = String(response.headers['content-disposition'] ?? '');
  const filename = /filename="([^"]+)"/.exec(disposition)?.[1] ?? fallback;
  const url = URL.createObjectURL(response.data);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
