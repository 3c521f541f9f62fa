// `npm run bench:api`: p50/p99 latency and requests per second of the read API at 8 concurrent clients,
// with 1 000 and 100 000 generated ideas, on PGlite and (when it answers on 127.0.0.1:5432) PostgreSQL, and of
// a signed-in request (POST /auth/me with the seeded moderator's bearer token), whose token is checked against
// its session on every request. The liveness route, which touches no dependency, shows what a request costs the
// server before any work of its own.
// Each is measured with the answer cache on (what production does) and off (API_ANSWER_CACHE=off: every
// request reaches the database). Loopback only, bounded in time.
// On PostgreSQL it also measures the database's CPU per request (its processes on this machine); PGlite runs in the
// server's own process, so its share is in the server's.
// Options: --sizes 1000,100000 --duration 10 --backends pglite,postgres --cache on,off --port 3400
// --pg-prefix sopka_bench (the PostgreSQL databases are <prefix>_<size>)
import autocannon from 'autocannon';
import {
  availableBackends,
  buildIfMissing,
  commandOptions,
  databaseOptions,
  dayFromToday,
  prepareDatabase,
  signInByApi,
  startServer,
  waitForServer,
  withCpuPerAnswer,
} from './bench-support.mjs';

const values = commandOptions({
  sizes: '1000,100000',
  duration: '10',
  cache: 'on,off',
  ...databaseOptions(3400),
});
const SIZES = values.sizes.split(',').map(Number);
const DURATION = Number(values.duration);
const PORT = Number(values.port);
const CONNECTIONS = 8;
const BASE = `http://localhost:${PORT}`;

const targets = (size) => [
  // The floor: a route that touches nothing, through the same handler wrapper, logging and Next routing.
  ['liveness (floor)', '/api/health'],
  ['default listing', '/api/v1/ideas'],
  [
    'filtered listing',
    `/api/v1/ideas?place_id=1&category_id=2&date_from=${dayFromToday(20)}&date_to=${dayFromToday(50)}&price_min=1000&price_max=20000`,
  ],
  // Page 50 of the default listing, as the listing reads it: from page 49's next_cursor (by number where none).
  ['deep page (50)', '/api/v1/ideas?page=50', { cursorFrom: '/api/v1/ideas?page=49' }],
  ['idea detail', `/api/v1/ideas/${Math.max(1, Math.floor(size / 2))}`],
  // Full-text search (an inflected word), with the relevance order it brings.
  ['text query', `/api/v1/ideas?place_id=1&query=${encodeURIComponent('маяки')}`],
  ['suggestions', `/api/v1/search/suggest?query=${encodeURIComponent('влад')}`],
  ['signed-in /auth/me', '/api/v1/auth/me', { method: 'POST', signedIn: true }],
];

// The moderator every seeded database has (lib/server/demo/seed.ts).
const BENCH_ACCOUNT = { email: 'moderator@sopka.travel', password: 'sopka-moderator-2026' };

/**
 * Latency and throughput, and the CPU per request of the server and of PostgreSQL: unlike latency, that holds when
 * other work shares the cores, so it compares two versions of the server on a busy machine.
 */
async function measure(serverPid, path, { method = 'GET', headers = {} } = {}) {
  const request = { url: BASE + path, method, headers, connections: CONNECTIONS };
  await autocannon({ ...request, duration: 2 });
  const { result, serverCpu, databaseCpu } = await withCpuPerAnswer(serverPid, () =>
    autocannon({ ...request, duration: DURATION }),
  );
  return {
    p50: result.latency.p50,
    p99: result.latency.p99,
    rps: result.requests.average,
    cpuPerRequest: serverCpu,
    databaseCpuPerRequest: databaseCpu,
    errors: result.errors + result.non2xx,
  };
}

/** `path` with the cursor the answer to `previous` gives for its next page (unchanged when it gives none). */
async function withCursor(path, previous) {
  const { meta } = await (await fetch(BASE + previous)).json();
  return meta.next_cursor ? `${path}&cursor=${encodeURIComponent(meta.next_cursor)}` : path;
}

/** PGlite's work is the server process's own: only PostgreSQL's is measured apart. */
const databaseCpu = (row) => (row.backend === 'postgres' ? row.databaseCpuPerRequest.toFixed(2) : 'in server');

buildIfMissing();
const backends = await availableBackends(values.backends, values['pg-url']);

const rows = [];
const modes = values.cache.split(',');
for (const backend of backends) {
  for (const size of SIZES) {
    const env = await prepareDatabase(backend, size, {
      dataDir: 'data/bench',
      pgPrefix: values['pg-prefix'],
      pgUrl: values['pg-url'],
    });
    for (const cache of modes) {
      const server = startServer({ port: PORT, env: { ...env, API_ANSWER_CACHE: cache === 'off' ? 'off' : 'on' } });
      try {
        // Categories come from the database: it answers once migrations (which can rewrite 100 000 ideas) are done.
        await waitForServer(server.child, `${BASE}/api/v1/categories`);
        const { authorization } = await signInByApi(BASE, BENCH_ACCOUNT);
        for (const [name, target, { method, signedIn, cursorFrom } = {}] of targets(size)) {
          const path = cursorFrom ? await withCursor(target, cursorFrom) : target;
          const result = await measure(server.pid, path, {
            method,
            headers: signedIn ? { authorization } : {},
          });
          const row = { backend, ideas: size, cache, endpoint: name, ...result };
          rows.push(row);
          console.log(
            `${backend} ${size} cache ${cache} ${name}: p50 ${result.p50} ms, p99 ${result.p99} ms, ${result.rps.toFixed(0)} req/s, server CPU ${result.cpuPerRequest.toFixed(2)} ms/request, database CPU ${databaseCpu(row)}${result.errors ? `, ${result.errors} errors` : ''}`,
          );
        }
      } finally {
        await server.stop();
      }
    }
  }
}

console.log(
  `\n| backend | ideas | cache | endpoint | p50 ms | p99 ms | req/s | server CPU ms/request | database CPU ms/request | errors |\n|---|---|---|---|---|---|---|---|---|---|`,
);
for (const r of rows)
  console.log(
    `| ${r.backend} | ${r.ideas} | ${r.cache} | ${r.endpoint} | ${r.p50} | ${r.p99} | ${r.rps.toFixed(0)} | ${r.cpuPerRequest.toFixed(2)} | ${databaseCpu(r)} | ${r.errors} |`,
  );
const growth = [];
for (const backend of backends) {
  for (const cache of modes) {
    for (const [name] of targets(0)) {
      const pick = (size) =>
        rows.find((r) => r.backend === backend && r.cache === cache && r.ideas === size && r.endpoint === name);
      const small = pick(Math.min(...SIZES));
      const large = pick(Math.max(...SIZES));
      if (small && large && small !== large)
        growth.push(`${backend} cache ${cache} ${name}: p99 ×${(large.p99 / small.p99).toFixed(2)}`);
    }
  }
}
if (growth.length)
  console.log(`\nGrowth from ${Math.min(...SIZES)} to ${Math.max(...SIZES)} ideas:\n${growth.join('\n')}`);
