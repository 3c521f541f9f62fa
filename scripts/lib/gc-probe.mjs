// Loaded into a benchmarked server with `node --expose-gc --import`: on SIGUSR2 it runs a full garbage collection
// and writes the process's memory (process.memoryUsage(), bytes) as JSON to $GC_PROBE_FILE, so that a benchmark
// reads the heap after a collection, not anywhere on its saw-tooth.
import { writeFileSync } from 'node:fs';

process.on('SIGUSR2', () => {
  globalThis.gc();
  if (process.env.GC_PROBE_FILE) writeFileSync(process.env.GC_PROBE_FILE, JSON.stringify(process.memoryUsage()));
});
