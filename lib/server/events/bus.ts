import 'server-only';

type Listener = (userIds: readonly number[]) => void;

interface Bus {
  listeners: Set<Listener>;
}
// One bus per process, shared by every module instance (route handlers and instrumentation).
const bus: Bus = ((globalThis as { __sopkaEventBus?: Bus }).__sopkaEventBus ??= { listeners: new Set() });

/** Tells this process's open streams of these users to read their new events. */
export function wakeStreams(userIds: readonly number[]): void {
  for (const listener of bus.listeners) listener(userIds);
}

/** An open stream listens here; the returned function stops it. */
export function onWake(listener: Listener): () => void {
  bus.listeners.add(listener);
  return () => bus.listeners.delete(listener);
}
