import 'server-only';
import { logger } from '../ops/logger';
import { drainEmailQueue } from './queue';

/** How often an idle worker looks for due emails (retries, and rows another process enqueued). */
const POLL_INTERVAL_MS = 5_000;

type WorkerState = {
  timer?: NodeJS.Timeout;
  running?: Promise<void>;
  /** A nudge that came while a drain was running: drain once more after it. */
  again: boolean;
  stopped: boolean;
};
// Shared by the instrumentation's module instance (which starts the worker) and the route handlers' (which nudge).
const state: WorkerState = ((globalThis as { __sopkaEmailWorker?: WorkerState }).__sopkaEmailWorker ??= {
  again: false,
  stopped: true,
});

function run(): void {
  if (state.stopped) return;
  if (state.running) {
    state.again = true;
    return;
  }
  state.running = drainEmailQueue({ stopping: () => state.stopped })
    .then(() => undefined)
    .catch((error: unknown) => logger().error({ err: error }, 'email queue: drain failed'))
    .finally(() => {
      state.running = undefined;
      if (state.again && !state.stopped) {
        state.again = false;
        run();
      }
    });
}

/**
 * Starts this process's worker: it drains now, then every POLL_INTERVAL_MS and whenever nudged. (What is due by
 * time rather than by a change, like review invitations, is the scheduler's: lib/server/jobs.)
 */
export function startEmailWorker(): void {
  if (!state.stopped) return;
  state.stopped = false;
  state.timer = setInterval(run, POLL_INTERVAL_MS);
  state.timer.unref();
  setTimeout(run, 1_000).unref();
}

/**
 * After a transaction that enqueued an email committed: send it now instead of at the next poll. Does nothing
 * where no worker runs (tests drain the queue themselves).
 */
export function emailQueued(): void {
  setImmediate(run);
}

/** Stops polling and waits for the running drain (at shutdown); unsent rows wait for the next process. */
export async function stopEmailWorker(): Promise<void> {
  state.stopped = true;
  clearInterval(state.timer);
  await state.running;
}
