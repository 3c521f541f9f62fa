// `npm run bench:events`: what open event streams (GET /api/v1/events) cost one process, and how fast an event
// reaches them. One `next start` of the build (embedded database, or PostgreSQL with `--backend pg`); `--streams`
// (default 2 000) streams are opened for the seed's four authors, the server's resident memory is read before and
// after, then one event recorded for those users (POST /api/v1/test/events) must reach every stream: prints the
// extra memory (VmRSS of /proc/<pid>/status and the V8 heap, each after a full collection; target < 150 MB of RSS)
// and the delivery latency's p50 and p99 (target p99 < 1 s), `--events` times.
import { readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  DEFAULT_PG_URL,
  buildIfMissing,
  commandOptions,
  prepareDatabase,
  residentMegabytes,
  signInByApi,
  startServer,
  waitForServer,
} from './bench-support.mjs';

const values = commandOptions({ streams: '2000', events: '3', backend: 'pglite', port: '3230' });
const streamCount = Number(values.streams);
const port = Number(values.port);
const base = `http://localhost:${port}`;
const AUTHORS = ['anna', 'dmitry', 'olga', 'sergey'].map((name) => `${name}@demo.sopka.travel`);
const PASSWORD = 'sopka-author-2026';

buildIfMissing();
const databaseEnv = await prepareDatabase(values.backend, 1, {
  dataDir: 'data/bench-events',
  pgPrefix: 'sopka_bench_events',
  pgUrl: DEFAULT_PG_URL,
});
const probeFile = path.join(tmpdir(), `bench-events-${process.pid}.json`);
const server = startServer({
  port,
  env: {
    ...databaseEnv,
    LOG_LEVEL: 'warn',
    // SIGUSR2 runs a full garbage collection and writes the heap's figures (scripts/lib/gc-probe.mjs).
    NODE_OPTIONS: `--expose-gc --import ${JSON.stringify(path.resolve('scripts/lib/gc-probe.mjs'))}`,
    GC_PROBE_FILE: probeFile,
    // Thousands of streams of four accounts: the per-user limit (5 in production) would refuse them.
    EVENTS_MAX_STREAMS_PER_USER: String(streamCount),
    EVENTS_MAX_STREAMS: String(streamCount + 10),
  },
});
const agent = new http.Agent({ keepAlive: false, maxSockets: Infinity });

/** Opens a stream; `arrived(text)` is called with the time each chunk naming an event came. */
function openStream(authorization, onEvent) {
  return new Promise((resolve, reject) => {
    const request = http.get(`${base}/api/v1/events`, { agent, headers: { authorization } }, (response) => {
      if (response.statusCode !== 200) return reject(new Error(`stream answered ${response.statusCode}`));
      response.setEncoding('utf8');
      response.on('data', (chunk) => {
        if (chunk.includes('event: ')) onEvent(performance.now(), chunk);
      });
      response.on('error', () => undefined);
      resolve(request);
    });
    request.on('error', reject);
  });
}

const MB = 1024 * 1024;

/** The server's RSS, V8 heap and memory outside the heap (buffers, wasm) in MB after one full collection. */
async function collectedMemory() {
  rmSync(probeFile, { force: true });
  process.kill(server.pid, 'SIGUSR2');
  await new Promise((resolve) => setTimeout(resolve, 2_000));
  const usage = JSON.parse(readFileSync(probeFile, 'utf8'));
  // `external` includes `arrayBuffers`.
  return { rss: residentMegabytes(server.pid), heap: usage.heapUsed / MB, external: usage.external / MB };
}

/** Collections until the RSS stops moving (under 2 MB between two): freed pages go back to the system lazily. */
async function settledMemory() {
  let memory = await collectedMemory();
  for (let round = 0; round < 8; round++) {
    const next = await collectedMemory();
    const settled = Math.abs(next.rss - memory.rss) < 2;
    memory = next;
    if (settled) break;
  }
  return memory;
}

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

try {
  await waitForServer(server.child, `${base}/api/health`);
  const accounts = [];
  for (const email of AUTHORS) accounts.push(await signInByApi(base, { email, password: PASSWORD }));
  // The route compiled and warm, and the process-wide listener and timers set up, before the baseline.
  const warm = await Promise.all(
    Array.from({ length: 100 }, (_, i) => openStream(accounts[i % accounts.length].authorization, () => undefined)),
  );
  for (const stream of warm) stream.destroy();
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  const before = await settledMemory();

  let round = null;
  const streams = [];
  for (let i = 0; i < streamCount; i += 100) {
    const batch = [];
    for (let j = i; j < Math.min(i + 100, streamCount); j++)
      batch.push(
        openStream(accounts[j % accounts.length].authorization, (at) => {
          if (round && !round.seen.has(j)) {
            round.seen.add(j);
            round.latencies.push(at - round.sentAt);
            if (round.seen.size === streamCount) round.done();
          }
        }),
      );
    streams.push(...(await Promise.all(batch)));
  }
  const after = await settledMemory();

  for (let n = 1; n <= Number(values.events); n++) {
    const finished = new Promise((resolve, reject) => {
      round = { seen: new Set(), latencies: [], sentAt: performance.now(), done: resolve };
      setTimeout(() => reject(new Error(`only ${round.seen.size} of ${streamCount} streams got event ${n}`)), 10_000);
    });
    const recorded = await fetch(`${base}/api/v1/test/events`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ user_ids: accounts.map((a) => a.id), type: 'message', payload: { n } }),
    });
    if (recorded.status !== 204) throw new Error(`recording answered ${recorded.status}`);
    await finished;
    const sorted = round.latencies.sort((a, b) => a - b);
    console.log(
      `event ${n}: reached all ${streamCount} streams; delivery p50 ${percentile(sorted, 50).toFixed(0)} ms, ` +
        `p99 ${percentile(sorted, 99).toFixed(0)} ms, last ${sorted.at(-1).toFixed(0)} ms (target p99 < 1 000 ms)`,
    );
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
  for (const stream of streams) stream.destroy();
  await new Promise((resolve) => setTimeout(resolve, 2_000));
  // Once closed too: what the process keeps of them (freed heap pages stay in the RSS until the system asks).
  const closed = await settledMemory();
  const line = (name, key, target = '') => {
    const extra = after[key] - before[key];
    console.log(
      `${name}: ${before[key].toFixed(0)} MB settled at start, ${after[key].toFixed(0)} MB with ${streamCount} ` +
        `streams open: ${extra.toFixed(0)} MB extra (${((extra * 1024) / streamCount).toFixed(1)} KB a stream${target}); ` +
        `${closed[key].toFixed(0)} MB once closed`,
    );
  };
  line('RSS (VmRSS)', 'rss', '; target < 150 MB');
  line('V8 heap used', 'heap');
  line('outside the V8 heap (buffers, wasm)', 'external');
} finally {
  await server.stop();
  rmSync(probeFile, { force: true });
}
