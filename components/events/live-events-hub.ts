import type { LiveEventType } from '@/lib/contract/events';

type Handler = (payload: Record<string, unknown>) => void;

/**
 * Who listens to which live event in this tab. A module of its own, without the connection, so that a page using
 * useLiveEvent does not load the connection's code: the provider (LiveEvents) feeds it once signed in.
 */
const handlers = new Map<string, Set<Handler>>();

export function subscribeLiveEvent(type: LiveEventType, handler: Handler): () => void {
  let set = handlers.get(type);
  if (!set) handlers.set(type, (set = new Set()));
  set.add(handler);
  return () => set.delete(handler);
}

export function dispatchLiveEvent(type: string, payload: Record<string, unknown>): void {
  for (const handler of handlers.get(type) ?? []) handler(payload);
}
