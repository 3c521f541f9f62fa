'use client';

import { useEffect, useRef } from 'react';
import type { LiveEventType } from '@/lib/contract/events';
import { subscribeLiveEvent } from './live-events-hub';

/**
 * Calls `handler` with the payload of each live event of `type` (a new message, a read marker, a booking's change)
 * of the signed-in user, while the component is mounted. Nothing arrives for an anonymous visitor.
 */
export function useLiveEvent(type: LiveEventType, handler: (payload: Record<string, unknown>) => void): void {
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  useEffect(() => subscribeLiveEvent(type, (payload) => latest.current(payload)), [type]);
}
