import 'server-only';
import { logger } from '../ops/logger';
import { closeOnShutdown, onDrain } from '../ops/shutdown';
import { onWake } from './bus';
import { latestEventIds } from './read-events';
import { listenForWakes, processId } from './relay';

/** A comment line this often keeps proxies and the client from taking the stream for dead. */
export const HEARTBEAT_MS = 25_000;
/** Each process checks this often whether its streams' users have rows they were not woken for (a lost message). */
export const CHECK_MS = 15_000;

/** What the registry needs of one open stream: little, so that thousands fit in a process. */
export interface OpenStream {
  readonly userId: number;
  /** The id of the last event sent. */
  readonly lastId: number;
  /** Read and send the user's new events. */
  wake(): void;
  heartbeat(): void;
  /** End the stream (shutdown). */
  end(): void;
}

interface Registry {
  byUser: Map<number, Set<OpenStream>>;
  size: number;
  draining: boolean;
  started?: true;
}
// One per process, shared by the module instances of route handlers (and of tests).
const registry: Registry = ((globalThis as { __sopkaEventStreams?: Registry }).__sopkaEventStreams ??= {
  byUser: new Map(),
  size: 0,
  draining: false,
});

function each(visit: (stream: OpenStream) => void): void {
  for (const streams of registry.byUser.values()) for (const stream of streams) visit(stream);
}

/** Wakes the open streams of these users (all of them for `null`). */
function wake(userIds: readonly number[] | null): void {
  if (userIds === null) return each((stream) => stream.wake());
  for (const userId of userIds) for (const stream of registry.byUser.get(userId) ?? []) stream.wake();
}

/** One query for all of the process's streams: wake those whose user has a newer row than the stream sent. */
async function checkForMissed(): Promise<void> {
  const latest = await latestEventIds([...registry.byUser.keys()]);
  each((stream) => {
    if ((latest.get(stream.userId) ?? 0) > stream.lastId) stream.wake();
  });
}

/** The process's listener, timers and drain hook, set up with its first stream and kept for its life. */
function start(): void {
  if (registry.started) return;
  registry.started = true;
  onWake(wake);
  const listener = listenForWakes(processId(), wake);
  closeOnShutdown('event relay', () => listener.close());
  onDrain(() => {
    registry.draining = true;
    each((stream) => stream.end());
  });
  setInterval(() => each((stream) => stream.heartbeat()), HEARTBEAT_MS).unref();
  setInterval(() => {
    if (registry.size > 0)
      checkForMissed().catch((error: unknown) => logger().warn({ err: error }, 'events: periodic check failed'));
  }, CHECK_MS).unref();
}

/** Why a new stream is refused: the process is full, the user has too many, or the process is stopping. */
export type Refusal = 'process' | 'user' | 'draining';

/** Whether one more stream of this user fits. */
export function refusal(userId: number, limits: { perProcess: number; perUser: number }): Refusal | null {
  if (registry.draining) return 'draining';
  if (registry.size >= limits.perProcess) return 'process';
  if ((registry.byUser.get(userId)?.size ?? 0) >= limits.perUser) return 'user';
  return null;
}

/** Adds an open stream; the returned function removes it (once). */
export function register(stream: OpenStream): () => void {
  start();
  let streams = registry.byUser.get(stream.userId);
  if (!streams) registry.byUser.set(stream.userId, (streams = new Set()));
  streams.add(stream);
  registry.size++;
  return () => {
    if (!streams.delete(stream)) return;
    registry.size--;
    if (streams.size === 0 && registry.byUser.get(stream.userId) === streams) registry.byUser.delete(stream.userId);
  };
}

/** How many streams are open in this process (tests, metrics). */
export const openStreamCount = () => registry.size;
