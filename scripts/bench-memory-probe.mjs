// Loaded into the server by `npm run bench:soak` (NODE_OPTIONS=--import): the process's own view of its memory,
// which /proc cannot tell apart, as a JSON line every second in BENCH_MEMORY_LOG: V8's heap in use now (anywhere on
// its saw-tooth), in use after the latest full collection (what the heap holds on to), and memory outside the heap
// (Buffers and the like).
import { appendFileSync } from 'node:fs';
import { constants, PerformanceObserver } from 'node:perf_hooks';

const log = process.env.BENCH_MEMORY_LOG;
let heapAfterFullGc = null;
if (log) {
  new PerformanceObserver((list) => {
    if (list.getEntries().some((entry) => entry.detail?.kind === constants.NODE_PERFORMANCE_GC_MAJOR))
      heapAfterFullGc = process.memoryUsage().heapUsed;
  }).observe({ entryTypes: ['gc'] });
  setInterval(() => {
    const { heapUsed, external } = process.memoryUsage();
    appendFileSync(log, `${JSON.stringify({ at: Date.now(), heapUsed, heapAfterFullGc, external })}\n`);
  }, 1_000).unref();
}
