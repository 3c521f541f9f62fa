// `npm run bench:metrics`: what the Prometheus metrics cost a request. The same `next start` of the build is started
// with METRICS=off and with metrics on, in turn (`--rounds`, default 3 each), and a cached idea page is loaded for
// `--seconds` (default 10) at `--connections` (default 8); prints each round's p50, p99, answers a second and the
// server's CPU an answer (which, unlike latency, holds when other work shares the cores), the
// medians, and what one scrape of /api/metrics takes. On the embedded database with the seed (data/bench-metrics/1).
import autocannon from 'autocannon';
import {
  buildIfMissing,
  commandOptions,
  median,
  prepareDatabase,
  startServer,
  waitForServer,
  withCpuPerAnswer,
} from './bench-support.mjs';

const values = commandOptions({
  rounds: '3',
  seconds: '10',
  connections: '8',
  port: '3240',
});
const rounds = Number(values.rounds);
const port = Number(values.port);
const base = `http://localhost:${port}`;
// Resolved to the idea's own path (its hid) once the server answers: the numeric path is rewritten by the proxy.
let page = `${base}/en/go/1`;

buildIfMissing();
// The seed and one generated idea (db:fake's least).
const databaseEnv = await prepareDatabase('pglite', 1, { dataDir: 'data/bench-metrics' });

async function measure(metrics) {
  const server = startServer({ port, env: { ...databaseEnv, METRICS: metrics ? 'on' : 'off', LOG_LEVEL: 'warn' } });
  try {
    await waitForServer(server.child, page);
    const idea = await (await fetch(`${base}/api/v1/ideas/1`)).json();
    page = `${base}/en/go/${idea.data.hid}`;
    if ((await fetch(page)).status !== 200) throw new Error(`${page} did not answer 200`);
    // The page is rendered once and cached; the warm-up also lets V8 optimise the hot path.
    await autocannon({ url: page, connections: Number(values.connections), duration: 3 });
    const { result, serverCpu } = await withCpuPerAnswer(server.pid, () =>
      autocannon({ url: page, connections: Number(values.connections), duration: Number(values.seconds) }),
    );
    let scrapeMs = null;
    if (metrics) {
      const started = performance.now();
      const answer = await fetch(`${base}/api/metrics`);
      await answer.text();
      scrapeMs = performance.now() - started;
      if (answer.status !== 200) throw new Error(`/api/metrics answered ${answer.status}`);
    }
    return { p50: result.latency.p50, p99: result.latency.p99, rps: result.requests.average, cpu: serverCpu, scrapeMs };
  } finally {
    await server.stop();
  }
}

const results = { off: [], on: [] };
for (let round = 1; round <= rounds; round++) {
  for (const metrics of [false, true]) {
    const result = await measure(metrics);
    results[metrics ? 'on' : 'off'].push(result);
    console.log(
      `round ${round} metrics ${metrics ? 'on ' : 'off'}: p50 ${result.p50} ms, p99 ${result.p99} ms, ` +
        `${result.rps.toFixed(0)} answers/s, server CPU ${result.cpu.toFixed(2)} ms an answer${result.scrapeMs === null ? '' : `, one scrape ${result.scrapeMs.toFixed(1)} ms`}`,
    );
  }
}
for (const key of ['off', 'on']) {
  const list = results[key];
  console.log(
    `median, metrics ${key.padEnd(3)}: p50 ${median(list.map((r) => r.p50))} ms, p99 ${median(list.map((r) => r.p99))} ms, ` +
      `${median(list.map((r) => r.rps)).toFixed(0)} answers/s, server CPU ${median(list.map((r) => r.cpu)).toFixed(2)} ms an answer`,
  );
}
