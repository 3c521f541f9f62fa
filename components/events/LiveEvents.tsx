'use client';

import { useEffect, useRef } from 'react';
import { useAppStore } from '@/components/providers/AppStoreProvider';
import { openLiveEvents } from '@/lib/api/live-events';
import { dispatchLiveEvent } from './live-events-hub';

/** The tab's one connection, shared by every mounted LiveEvents (the header's, a page's). */
let connection: { stop: () => void; holders: number } | null = null;

/**
 * The signed-in user's live events for this tab: one stream (lib/api/live-events.ts) whose events reach every
 * useLiveEvent. Mounted only once signed in (its code loads then, see AuthMenu); it closes the stream when the last
 * one unmounts (sign-out).
 */
export function LiveEvents() {
  const token = useAppStore((state) => state.token);
  const latestToken = useRef(token);
  useEffect(() => {
    latestToken.current = token;
  }, [token]);

  useEffect(() => {
    connection ??= {
      stop: openLiveEvents({ getToken: () => latestToken.current, onEvent: dispatchLiveEvent }),
      holders: 0,
    };
    connection.holders++;
    return () => {
      if (connection && --connection.holders === 0) {
        connection.stop();
        connection = null;
      }
    };
  }, []);
  return null;
}
