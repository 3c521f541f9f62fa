import 'server-only';
import { NextResponse } from 'next/server';
import type { Viewer } from '../accounts/viewer';
import { ApiError } from '../http/problem';
import { logger } from '../ops/logger';
import { env } from '../platform/env';
import { eventsAfter, latestEventIds, READ_BATCH } from './read-events';
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
  let reading = false;
  let readAgain = false;
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
  /** Sends the rows after lastId, batch by batch; a wake during a read reads once more after it. */
  const wake = () => {
    if (ended) return;
    if (reading) {
      readAgain = true;
      return;
    }
    reading = true;
    void (async () => {
      try {
        do {
          readAgain = false;
          let rows;
          do {
            rows = await eventsAfter(viewer.id, lastId);
            for (const row of rows) {
              write(`id: ${row.id}\nevent: ${row.type}\ndata: ${JSON.stringify(row.payload)}\n\n`);
              lastId = row.id;
            }
          } while (rows.length === READ_BATCH && !ended);
        } while (readAgain && !ended);
      } catch (error) {
        // The database is away: the periodic check wakes this stream again.
        logger().warn({ err: error, userId: viewer.id }, 'events: reading new events failed');
      } finally {
        reading = false;
      }
    })();
  };

  const stream: OpenStream = {
    userId: viewer.id,
    get lastId() {
      return lastId;
    },
    wake,
    heartbeat: () => write(': heartbeat\n\n'),
    end,
  };
  const body = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
      unregister = register(stream);
      lifetime = setTimeout(end, STREAM_LIFETIME_MS);
      signal.addEventListener('abort', end);
      // The first bytes at once: clients and proxies see the stream open.
      write(`retry: ${RETRY_MS}\n: open\n\n`);
      if (resumeFrom !== null) wake();
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
