import { createSseParser, reconnectDelay } from '@/lib/events/sse';
import { apiClient } from './client';

/** The server's heartbeat comes every 25 s: this long without a byte means the connection is dead. */
const SILENCE_MS = 60_000;
/** Until the server's `retry:` says otherwise. */
const DEFAULT_RETRY_MS = 3_000;

export interface LiveEventsOptions {
  /** The current access token (it changes when the session refreshes). */
  getToken: () => string | null;
  onEvent: (type: string, payload: Record<string, unknown>) => void;
}

/**
 * Keeps GET /api/v1/events open until the returned function is called: read with fetch, so the token travels in
 * the Authorization header as for every call (never in the URL, which logs keep); reconnects with growing pauses,
 * sending the last id received (Last-Event-ID) so that nothing recorded in between is missed. A 401 refreshes the
 * session through the API client first (or ends it, which unmounts the caller).
 */
export function openLiveEvents({ getToken, onEvent }: LiveEventsOptions): () => void {
  let stopped = false;
  let lastId: string | null = null;
  let retryMs = DEFAULT_RETRY_MS;
  let attempt = 0;
  let abort: AbortController | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const parser = createSseParser(
    (event) => {
      if (event.id !== undefined) lastId = event.id;
      try {
        onEvent(event.event, JSON.parse(event.data) as Record<string, unknown>);
      } catch {
        // A malformed event is skipped; the next one is read as usual.
      }
    },
    (ms) => (retryMs = ms),
  );

  const schedule = () => {
    if (!stopped) timer = setTimeout(() => void connect(), reconnectDelay(attempt++, retryMs));
  };

  const connect = async () => {
    const token = getToken();
    if (stopped || !token) return schedule();
    const controller = (abort = new AbortController());
    let silence: ReturnType<typeof setTimeout> | undefined;
    const listen = () => {
      clearTimeout(silence);
      silence = setTimeout(() => controller.abort(), SILENCE_MS);
    };
    try {
      listen();
      const response = await fetch('/api/v1/events', {
        headers: {
          Accept: 'text/event-stream',
          Authorization: `Bearer ${token}`,
          ...(lastId !== null ? { 'Last-Event-ID': lastId } : {}),
        },
        cache: 'no-store',
        signal: controller.signal,
      });
      if (response.status === 401) await apiClient.post('/auth/me').catch(() => undefined);
      else if (response.ok && response.body) {
        const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
        for (;;) {
          const { done, value } = await reader.read();
          if (done) break;
          listen();
          attempt = 0;
          parser.feed(value);
        }
      }
    } catch {
      // Offline, aborted, or cut: the next attempt follows.
    } finally {
      clearTimeout(silence);
    }
    schedule();
  };

  void connect();
  return () => {
    stopped = true;
    clearTimeout(timer);
    abort?.abort();
  };
}
