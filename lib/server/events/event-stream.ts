import 'server-only';
import { NextResponse } from 'next/server';
import type { Viewer } from '../accounts/viewer';
import { ApiError } from '../http/problem';
import { env } from '../platform/env';
import { latestEventIds } from './read-events';
import { register, refusal, type OpenStream, type Refusal } from './streams';

/** How long a client waits before reconnecting (the `retry:` field). */
export const RETRY_MS = 3_000;
/**
 * A stream ends after this long and the client reconnects with Last-Event-ID: its token and session are checked
 * again, so a signed-out session stops receiving events within this time.
 */
export const STREAM_LIFETIME_MS = 30 * 60_000;
/** A client that reads nothing while this many chunks wait is dropped rather than buffered for. */
const MAX_QUEUED_CHUNKS = 256;

const REFUSALS: Record<Refusal, () => ApiError> = {
  process: () =>
    new ApiError(503, 'Service unavailable', 'Too many open event streams here; try again shortly.', undefined, {
      'retry-after': '30',
    }),
  user: () =>
    new ApiError(429, 'Too many requests', 'Too many open event streams for this account; close a tab.', undefined, {
      'retry-after': '30',
    }),
  draining: () =>
    new ApiError(503, 'Service unavailable', 'This server is restarting; try again.', undefined, {
      'retry-after': '1',
    }),
};

/** The Last-Event-ID header as an id, or null when absent or not one. */
function parseLastId(value: string | null): number | null {
  if (value === null || !/^\d{1,15}$/.test(value.trim())) return null;
  return Number(value.trim());
}

const encoder = new TextEncoder();

/**
 * The viewer's events as `text/event-stream`: `id:`, `event:` (message, read, booking) and `data:` (JSON) per
 * event, a comment every 25 s, `retry:`. With Last-Event-ID it first sends the viewer's events after that id;
 * without, only events from now on. It ends when the client leaves, after STREAM_LIFETIME_MS and at shutdown.
 */
export async function openEventStream(viewer: Viewer, lastEventId: string | null, signal: AbortSignal) {
  const { EVENTS_MAX_STREAMS, EVENTS_MAX_STREAMS_PER_USER } = env();
  const refused = refusal(viewer.id, { perProcess: EVENTS_MAX_STREAMS, perUser: EVENTS_MAX_STREAMS_PER_USER });
  if (refused) throw REFUSALS[refused]();
  const resumeFrom = parseLastId(lastEventId);
  let lastId = resumeFrom ?? (await latestEventIds([viewer.id])).get(viewer.id) ?? 0;

  let controller!: ReadableStreamDefaultController<Uint8Array>;
  let ended = false;
  let unregister = () => undefined as unknown;
  let lifetime: ReturnType<typeof setTimeout> | undefined;

  const end = () => {
    if (ended) return;
    ended = true;
    unregister();
    clearTimeout(lifetime);
    signal.removeEventListener('abort', end);
    try {
      controller.close();
    } catch {
      // Already closed or cancelled by the client.
    }
  };
  const write = (text: string) => {
    if (ended) return;
    if ((controller.desiredSize ?? 0) < -MAX_QUEUED_CHUNKS) return end();
    controller.enqueue(encoder.encode(text));
  };

  const stream: OpenStream = {
    userId: viewer.id,
    get lastId() {
      return lastId;
    },
    send(events) {
      let text = '';
      for (const event of events) {
        if (event.id <= lastId) continue;
        text += `id: ${event.id}\nevent: ${event.type}\ndata: ${JSON.stringify(event.payload)}\n\n`;
        lastId = event.id;
      }
      if (text) write(text);
    },
    heartbeat: () => write(': heartbeat\n\n'),
    end,
  };
  const body = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
      // The first bytes at once: clients and proxies see the stream open.
      write(`retry: ${RETRY_MS}\n: open\n\n`);
      unregister = register(stream, { resume: resumeFrom !== null });
      lifetime = setTimeout(end, STREAM_LIFETIME_MS);
      signal.addEventListener('abort', end);
    },
    cancel: end,
  });
  return new NextResponse(body, {
    headers: {
      'content-type': 'text/event-stream; charset=utf-8',
      // no-transform: `next start` does not compress (and so buffer) it.
      'cache-control': 'no-cache, no-store, no-transform',
      'x-accel-buffering': 'no',
    },
  });
}
