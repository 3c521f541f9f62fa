import 'server-only';
import { AsyncResource } from 'node:async_hooks';
import type http from 'node:http';
import { performance, type EventLoopUtilization } from 'node:perf_hooks';
import { observeAdmissionWait, trackAdmissionQueue } from './metrics/registry';
import { gateRequests } from './request-hook';

/**
 * Answered at once, never queued: balancer probes (cheap, and a wait would read as an outage) and build files.
 * Event streams never come here: they are answered before the gate (lib/server/events/serve-events.ts).
 */
const NEVER_WAIT = [/^\/api\/(health|ready)(\?|$)/, /^\/_next\/static\//];

/** Only reads wait: a write's body arrives while it is worked on, and a slow upload must not hold a place. */
const WAITING_METHODS = new Set(['GET', 'HEAD']);

/** How often a non-empty queue checks whether the process is busy at all. */
const IDLE_CHECK_MS = 100;

/**
 * Below this share of the last check's time spent running JavaScript, the reads in progress are waiting on
 * something else (a stalled database, a slow service or client): everything waiting goes in. A busy process
 * runs at nearly 1.
 */
const IDLE_UTILIZATION = 0.5;

/** `queued`: when it began to wait (performance.now()), for the metrics; none for a read that went in at once. */
type Waiting = { admit: () => void; response: http.ServerResponse; queued?: number };

/**
 * At most `limit` reads are worked on at once while the process is busy; the others start in the order they came
 * (`npm run bench:soak`).
 *
 * One process has one thread: with every request let in at once, each step of a page render waits behind the
 * steps of all the others, so a busy server answers its heavier requests several times slower than it needs to
 * (soak p99 827 ms against 446 ms with 8 at a time, at the same 215–221 answers a second). A read holds its place
 * until its response has been written or its connection closes. The limit bounds work, not waiting: when the
 * process is nearly idle with reads queued, those in progress are waiting on I/O, and the queue goes in at once.
 */
export function admitInOrder(limit: number): void {
  let working = 0;
  const queue: Waiting[] = [];
  let idleCheck: NodeJS.Timeout | undefined;
  let utilization: EventLoopUtilization | undefined;
  trackAdmissionQueue(() => queue.length);

  /** Starts waiting reads in order while fewer than `upTo` are worked on. */
  const startWaiting = (upTo: number) => {
    while (working < upTo && queue.length > 0) start(queue.shift()!);
  };

  const start = ({ admit, response, queued }: Waiting) => {
    working++;
    observeAdmissionWait(queued === undefined ? 0 : (performance.now() - queued) / 1000);
    let held = true;
    const release = () => {
      if (!held) return;
      held = false;
      working--;
      startWaiting(limit);
    };
    response.once('close', release);
    const { end } = response;
    // Wrapped on this response only: once its last byte is handed over, the process has no more work for it.
    response.end = function endAndRelease(this: http.ServerResponse, ...args: Parameters<typeof end>) {
      const result = Reflect.apply(end, this, args) as http.ServerResponse;
      release();
      return result;
    } as typeof end;
    admit();
  };

  const checkIdle = () => {
    const last = performance.eventLoopUtilization(utilization);
    utilization = performance.eventLoopUtilization();
    if (last.utilization < IDLE_UTILIZATION) startWaiting(Infinity);
    if (queue.length === 0) {
      clearInterval(idleCheck);
      idleCheck = undefined;
    }
  };

  gateRequests((admit, request, response) => {
    const url = request.url ?? '/';
    if (!WAITING_METHODS.has(request.method ?? '') || NEVER_WAIT.some((pattern) => pattern.test(url))) return admit();
    if (working < limit) return start({ admit, response });
    // Handed on later from another request's end or a timer: in the context it arrived in, not theirs.
    const waiting = { admit: AsyncResource.bind(admit), response, queued: performance.now() };
    queue.push(waiting);
    // A client that leaves while waiting has nothing to be answered.
    response.once('close', () => {
      const index = queue.indexOf(waiting);
      if (index >= 0) queue.splice(index, 1);
    });
    if (!idleCheck) {
      utilization = performance.eventLoopUtilization();
      idleCheck = setInterval(checkIdle, IDLE_CHECK_MS).unref();
    }
  });
}
