import 'server-only';
import { logger } from '../ops/logger';
import { closeOnShutdown, onDrain } from '../ops/shutdown';
import { onWake } from './bus';
import { eventsAfter, latestEventIds, READ_BATCH, type StoredEvent } from './read-events';
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
  /** Sends those of `events` (oldest first) that are newer than lastId. */
  send(events: readonly StoredEvent[]): void;
  /** A comment that keeps the connection alive, or the stream's end once it has lived its time. */
  heartbeat(): void;
  /** End the stream (shutdown). */
  end(): void;
}

/** A user's open streams in this process (tabs, devices): one read of new rows serves them all. */
interface UserStreams {
  streams: Set<OpenStream>;
  reading: boolean;
  readAgain: boolean;
}

interface Registry {
  byUser: Map<number, UserStreams>;
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
  for (const user of registry.byUser.values()) for (const stream of user.streams) visit(stream);
}

/** Reads the user's rows after the oldest of their streams' last ids, batch by batch, and hands them to each. */
async function readFor(userId: number, user: UserStreams): Promise<void> {
  if (user.reading) {
    user.readAgain = true;
    return;
  }
  user.reading = true;
  try {
    do {
      user.readAgain = false;
      let events: StoredEvent[];
      do {
        if (user.streams.size === 0) return;
        const from = Math.min(...[...user.streams].map((stream) => stream.lastId));
        events = await eventsAfter(userId, from);
        for (const stream of user.streams) stream.send(events);
      } while (events.length === READ_BATCH);
    } while (user.readAgain);
  } catch (error) {
    // The database is away: the periodic check wakes these streams again.
    logger().warn({ err: error, userId }, 'events: reading new events failed');
  } finally {
    user.reading = false;
  }
}

/** Wakes the open streams of these users (all of them for `null`). */
function wake(userIds: readonly number[] | null): void {
  for (const userId of userIds ?? [...registry.byUser.keys()]) {
    const user = registry.byUser.get(userId);
    if (user) void readFor(userId, user);
  }
}

/** One query for all of the process's streams: wake those whose user has a newer row than a stream sent. */
async function checkForMissed(): Promise<void> {
  const latest = await latestEventIds([...registry.byUser.keys()]);
  for (const [userId, user] of registry.byUser)
    if ([...user.streams].some((stream) => (latest.get(userId) ?? 0) > stream.lastId)) void readFor(userId, user);
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
  if ((registry.byUser.get(userId)?.streams.size ?? 0) >= limits.perUser) return 'user';
  return null;
}

/** Adds an open stream, and sends it what came after its lastId if `resume`; the returned function removes it. */
export function register(stream: OpenStream, { resume }: { resume: boolean }): () => void {
  start();
  let user = registry.byUser.get(stream.userId);
  if (!user) registry.byUser.set(stream.userId, (user = { streams: new Set(), reading: false, readAgain: false }));
  const streams = user.streams;
  streams.add(stream);
  registry.size++;
  if (resume) void readFor(stream.userId, user);
  return () => {
    if (!streams.delete(stream)) return;
    registry.size--;
    if (streams.size === 0 && registry.byUser.get(stream.userId)?.streams === streams)
      registry.byUser.delete(stream.userId);
  };
}

/** How many streams are open in this process (tests, metrics). */
export const openStreamCount = () => registry.size;
