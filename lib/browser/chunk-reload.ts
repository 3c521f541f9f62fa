import { CHUNK_RELOAD_WINDOW_MS } from '@/lib/constants';

export const CHUNK_RELOAD_KEY = 'chunkReloadAt';

/** True for the errors a browser raises when a script chunk of an older deployment cannot be loaded. */
export function isChunkLoadError(error: unknown): boolean {
  if (!error || typeof error !== 'object') return false;
  const { name, message } = error as { name?: unknown; message?: unknown };
  if (name === 'ChunkLoadError') return true;
  return (
    typeof message === 'string' &&
    /Loading (CSS )?chunk [\w/.-]+ failed|Failed to fetch dynamically imported module|error loading dynamically imported module/i.test(
      message,
    )
  );
}

/** Reload at most once per window, so a chunk that is really gone cannot cause a reload loop. */
export function shouldReloadForChunkError(lastReloadAt: number | null, now: number): boolean {
  return lastReloadAt === null || now - lastReloadAt >= CHUNK_RELOAD_WINDOW_MS;
}
