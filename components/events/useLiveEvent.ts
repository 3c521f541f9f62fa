'use client';

import { useEffect, useRef } from 'react';

/** What the live stream (GET /api/v1/events) tells a signed-in browser. */
export type LiveEventType = 'message' | 'read' | 'booking';

/**
 * Calls `handler` with each `type` event of the live stream. A minimal EventSource per hook (the stream authenticates
 * by the session cookie); a stream that is not there yet simply never calls.
 */
export function useLiveEvent(type: LiveEventType, handler: (payload: Record<string, unknown>) => void): void {
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  useEffect(() => {
    if (typeof EventSource === 'undefined') return;
    const source = new EventSource('/api/v1/events');
    const listener = (event: MessageEvent<string>) => {
      try {
        latest.current(JSON.parse(event.data) as Record<string, unknown>);
      } catch {
        // A malformed event is dropped: the next one or a refetch brings the state.
      }
    };
    source.addEventListener(type, listener);
    return () => source.close();
  }, [type]);
}
