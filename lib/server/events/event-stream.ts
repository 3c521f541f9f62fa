import 'server-only';
import { NextResponse } from 'next/server';
import type { Viewer } from '../accounts/viewer';
import { ApiError } from '../http/problem';
import { env } from '../platform/env';
import { latestEventIds, type StoredEvent } from './read-events';
import { register, refusal, type OpenStream, type Refusal } from './streams';

/** How long a client waits before reconnecting (the `retry:` field). */
export const RETRY_MS = 3_000;
/**
 * A stream ends at its first heartbeat after this long and the client reconnects with Last-Event-ID: its token and
 * session are checked again, so a signed-out session stops receiving events within this time (and a heartbeat).
 */
export const STREAM_LIFETIME_MS = 30 * 60_000;

/** The answer's headers, whichever way it is served. */
export const EVENT_STREAM_HEADERS = {
  'content-type': 'text/event-stream; charset=utf-8',
  // no-transform: `next start` does not compress (and so buffer) it.
  'cache-control': 'no-cache, no-store, no-transform',
  'x-accel-buffering': 'no',
};

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

/** Where a stream's text goes: a Next response's body (the route handler) or a Node response (serve-events.ts). */
export interface StreamSink {
  /** Writes `text`, or answers false when the client has read so little that the stream should rather end. */
  write(text: string): boolean;
  /** Ends the response (it may already be closed by the client). */
  close(): void;
}

/** The Last-Event-ID header as an id, or null when absent or not one. */
function parseLastId(value: string | null | undefined): number | null {
  if (value == null || !/^\d{1,15}$/.test(value.trim())) return null;
  return Number(value.trim());
}

/**
 * One open stream. A class, so that the thousands a process holds share their methods; `end` alone is bound, as
 * it is handed to the response's close and abort events.
 */
class EventStream implements OpenStream {
  private ended = false;
  private unregister: () => void = () => undefined;
  private readonly endsAt = Date.now() + STREAM_LIFETIME_MS;

  constructor(
    readonly userId: number,
    public lastId: number,
    private readonly sink: StreamSink,
  ) {}

  start(resume: boolean): void {
    this.unregister = register(this, { resume });
    // The first bytes at once: clients and proxies see the stream open.
    this.write(`retry: ${RETRY_MS}\n: open\n\n`);
  }

  send(events: readonly StoredEvent[]): void {
    let text = '';
    for (const event of events) {
      if (event.id <= this.lastId) continue;
      text += `id: ${event.id}\nevent: ${event.type}\ndata: ${JSON.stringify(event.payload)}\n\n`;
      this.lastId = event.id;
    }
    if (text) this.write(text);
  }

  heartbeat(): void {
    if (Date.now() >= this.endsAt) this.end();
    else this.write(': heartbeat\n\n');
  }

  readonly end = (): void => {
    if (this.ended) return;
    this.ended = true;
    this.unregister();
    this.sink.close();
  };

  private write(text: string): void {
    if (!this.ended && !this.sink.write(text)) this.end();
  }
}

/**
 * Checks that one more stream of the viewer fits (else throws the 429 or 503 to answer) and where it starts; the
 * returned function opens it on a sink and returns its `end`. Events: `id:`, `event:` (message, read, booking) and
 * `data:` (JSON) per event, a comment every 25 s, `retry:`. With Last-Event-ID it first sends the viewer's events
 * after that id; without, only events from now on. It ends when the client leaves (the sink's owner calls `end`),
 * after STREAM_LIFETIME_MS and at shutdown.
 */
export async function prepareEventStream(viewer: Viewer, lastEventId: string | null | undefined) {
  const { EVENTS_MAX_STREAMS, EVENTS_MAX_STREAMS_PER_USER } = env();
  const refused = refusal(viewer.id, { perProcess: EVENTS_MAX_STREAMS, perUser: EVENTS_MAX_STREAMS_PER_USER });
  if (refused) throw REFUSALS[refused]();
  const resumeFrom = parseLastId(lastEventId);
  const lastId = resumeFrom ?? (await latestEventIds([viewer.id])).get(viewer.id) ?? 0;
  return (sink: StreamSink): (() => void) => {
    const stream = new EventStream(viewer.id, lastId, sink);
    stream.start(resumeFrom !== null);
    return stream.end;
  };
}

/** A client that reads nothing while this many chunks wait is dropped rather than buffered for. */
const MAX_QUEUED_CHUNKS = 256;
const encoder = new TextEncoder();

/**
 * The viewer's events as the route handler's answer (`text/event-stream`). A running server answers the path
 * before Next (serve-events.ts); this answers what reaches Next all the same (in-process tests).
 */
export async function openEventStream(viewer: Viewer, lastEventId: string | null, signal: AbortSignal) {
  const open = await prepareEventStream(viewer, lastEventId);
  let end = () => undefined as unknown;
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      end = open({
        write(text) {
          if ((controller.desiredSize ?? 0) < -MAX_QUEUED_CHUNKS) return false;
          controller.enqueue(encoder.encode(text));
          return true;
        },
        close() {
          signal.removeEventListener('abort', end);
          try {
            controller.close();
          } catch {
            // Already closed or cancelled by the client.
          }
        },
      });
      signal.addEventListener('abort', end);
    },
    cancel: () => void end(),
  });
  return new NextResponse(body, { headers: EVENT_STREAM_HEADERS });
}
