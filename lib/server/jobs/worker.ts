import 'server-only';
import { logger } from '../ops/logger';
import { runDueJobs, type JobHandlers } from './run-jobs';

/** How often an idle worker looks for due jobs (its own retries, and jobs other processes scheduled). */
const POLL_INTERVAL_MS = 5_000;

type WorkerState = {
  timer?: NodeJS.Timeout;
  running?: Promise<void>;
  /** A nudge that came while a run was going on: run once more after it. */
  again: boolean;
  stopped: boolean;
  /** Set at shutdown: a start that comes later (after the start-up backfill) does nothing. */
  shutDown?: boolean;
  handlers: JobHandlers;
};
// Shared by the instrumentation's module instance (which starts the worker) and the route handlers' (which nudge).
const state: WorkerState = ((globalThis as { __sopkaJobWorker?: WorkerState }).__sopkaJobWorker ??= {
  again: false,
  stopped: true,
  handlers: {},
});

function run(): void {
  if (state.stopped) return;
  if (state.running) {
    state.again = true;
    return;
  }
  state.running = runDueJobs(state.handlers, { stopping: () => state.stopped })
    .then(() => undefined)
    .catch((error: unknown) => logger().error({ err: error }, 'jobs: run failed'))
    .finally(() => {
      state.running = undefined;
      if (state.again && !state.stopped) {
        state.again = false;
        run();
      }
    });
}

/**
 * Starts this process's worker: it runs due jobs now, then every POLL_INTERVAL_MS and whenever nudged. The handlers
 * are handed in (lib/server/startup/job-handlers.ts): the domains schedule jobs, so this folder imports none of them.
 */
export function startJobWorker(handlers: JobHandlers): void {
  if (!state.stopped || state.shutDown) return;
  state.handlers = handlers;
  state.stopped = false;
  state.timer = setInterval(run, POLL_INTERVAL_MS);
  state.timer.unref();
  setTimeout(run, 1_000).unref();
}

/**
 * After a transaction that scheduled a job committed: run what is due now instead of at the next poll. Does
 * nothing where no worker runs (tests call the run-due route).
 */
export function jobsScheduled(): void {
  setImmediate(run);
}

/** Stops polling and waits for the running jobs (at shutdown); the rest wait for the next process. */
export async function stopJobWorker(): Promise<void> {
  state.stopped = true;
  state.shutDown = true;
  clearInterval(state.timer);
  await state.running;
}
