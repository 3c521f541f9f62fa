'use client';

import { useEffect } from 'react';
import { CHUNK_RELOAD_KEY, isChunkLoadError, shouldReloadForChunkError } from '@/lib/browser/chunk-reload';

function readLastReload(): number | null {
  try {
    const value = Number(window.sessionStorage.getItem(CHUNK_RELOAD_KEY));
    return Number.isFinite(value) && value > 0 ? value : null;
  } catch {
    return null;
  }
}

/** After a deployment an open tab may ask for chunks that are gone: reload, at most once a minute. */
export function ChunkReloadGuard() {
  useEffect(() => {
    const handle = (reason: unknown) => {
      if (!isChunkLoadError(reason)) return;
      const now = Date.now();
      if (!shouldReloadForChunkError(readLastReload(), now)) return;
      try {
        window.sessionStorage.setItem(CHUNK_RELOAD_KEY, String(now));
      } catch {
        return; // Without storage we could not stop a reload loop: stay on the page.
      }
      window.location.reload();
    };
    const onError = (event: ErrorEvent) => handle(event.error ?? { message: event.message });
    const onRejection = (event: PromiseRejectionEvent) => handle(event.reason);
    window.addEventListener('error', onError);
    window.addEventListener('unhandledrejection', onRejection);
    return () => {
      window.removeEventListener('error', onError);
      window.removeEventListener('unhandledrejection', onRejection);
    };
  }, []);
  return null;
}
