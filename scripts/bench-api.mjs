// `npm run bench:api`: p50/p99 latency and requests per second of the read API at 8 concurrent clients,
// with 1 000 and 100 000 generated ideas, on PGlite and (when it answers on 127.0.0.1:5432) PostgreSQL, and of
// a signed-in request (POST /auth/me with the seeded moderator's bearer token), whose token is checked against
// its session on every request.
// Each is measured with the answer cache on (what production does) and off (API_ANSWER_CACHE=off: every
// request reaches the database). Loopback only, bounded in time.
// Options: --sizes 1000,100000 --duration 10 --backends pglite,postgres --cache on,off --port 3400
// --pg-prefix sopka_bench (the PostgreSQL databases are <prefix>_<size>)
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import pg from 'pg';

const { values } = parseArgs({
  options: {
    sizes: { type: 'string', default: '1000,100000' },
    duration: { type: 'string', default: '10' },
    backends: { type: 'string', default: 'pglite,postgres' },
    cache: { type: 'string', default: 'on,off' },
    port: { type: 'string', default: '3400' },
    'pg-prefix': { type: 'string', default: 'sopka_bench' },
    'pg-url': { type: 'string', default: process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres' },
  },
});
const SIZES = values.sizes.split(',').map(Number);
const DURATION = Number(values.duration);
const PORT = Number(values.port);
const CONNECTIONS = 8;
const BASE = `http://localhost:${PORT}`;

const day = (offset) => new Date(Date.now() + offset * 86_400_000 + 10 * 3_600_000).toISOString().slice(0, 10);
const targets = (size) => [
  ['default listing', '/api/v1/ideas'],
  [
    'filtered listing',
    `/api/v1/ideas?place_id=1&category_id=2&date_from=${day(20)}&date_to=${day(50)}&price_min=1000&price_max=20000`,
  ],
  ['idea detail', `/api/v1/ideas/${Math.max(1, Math.floor(size / 2))}`],
  // Full-text search (an inflected word), with the relevance order it brings.
  ['text query', `/api/v1/ideas?place_id=1&query=${encodeURIComponent('маяки')}`],
  ['suggestions', `/api/v1/search/suggest?query=${encodeURIComponent('влад')}`],
  ['signed-in /auth/me', '/api/v1/auth/me', { method: 'POST', signedIn: true }],
];

// The moderator every seeded database has (lib/server/db/seed.ts).
const BENCH_ACCOUNT = { email: 'moderator@sopka.travel', password: 'sopka-moderator-2026' };

async function bearerToken() {
  const response = await fetch(`${BASE}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(BENCH_ACCOUNT),
  });
  if (!response.ok) throw new Error(`signing in for the benchmark failed: ${response.status}`);
  return (await response.json()).token;
}

function run(command, args, env) {
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed`);
}

async function postgresReachable(url) {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2_000 });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}

async function prepare(backend, size) {
  if (backend === 'pglite') {
    const dir = `data/bench/${size}`;
    if (!existsSync(`${dir}/db`))
      run('npm', ['run', '--silent', 'db:fake', '--', '--ideas', String(size)], { DATA_DIR: dir });
    return { DATA_DIR: dir };
  }
  const name = `${values['pg-prefix']}_${size}`;
  const admin = new pg.Client({ connectionString: values['pg-url'] });
  await admin.connect();
  const exists = (await admin.query('select 1 from pg_database where datname = $1', [name])).rowCount > 0;
  if (!exists) await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  const url = new URL(values['pg-url']);
  url.pathname = `/${name}`;
  if (!exists)
    run('npm', ['run', '--silent', 'db:fake', '--', '--ideas', String(size)], { DATABASE_URL: url.toString() });
  return { DATABASE_URL: url.toString(), DATA_DIR: 'data/bench/pg' };
}

async function waitForServer(child) {
  for (let i = 0; i < 1200; i++) {
    if (child.exitCode !== null) throw new Error('the server stopped');
    try {
      // Categories come from the database: it answers once migrations (which can rewrite 100 000 ideas) are done.
      if ((await fetch(`${BASE}/api/v1/categories`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error('the server did not start in 10 minutes');
}

async function measure(path, { method = 'GET', headers = {} } = {}) {
  const request = { url: BASE + path, method, headers, connections: CONNECTIONS };
  await autocannon({ ...request, duration: 2 });
  const result = await autocannon({ ...request, duration: DURATION });
  return {
    p50: result.latency.p50,
    p99: result.latency.p99,
    rps: result.requests.average,
    errors: result.errors + result.non2xx,
  };
}

if (!existsSync('.next/BUILD_ID')) run('npx', ['next', 'build']);
const backends = [];
for (const backend of values.backends.split(',')) {
  if (backend === 'postgres' && !(await postgresReachable(values['pg-url']))) {
    console.log('PostgreSQL is not reachable: skipping it.');
    continue;
  }
  backends.push(backend);
}

const rows = [];
const modes = values.cache.split(',');
for (const backend of backends) {
  for (const size of SIZES) {
    const env = await prepare(backend, size);
    for (const cache of modes) {
      const serverEnv = { ...process.env, ...env, API_ANSWER_CACHE: cache === 'off' ? 'off' : 'on' };
      const server = spawn('npx', ['next', 'start', '-H', 'localhost', '-p', String(PORT)], {
        env: serverEnv,
        stdio: 'ignore',
        detached: true,
      });
      try {
        await waitForServer(server);
        const token = await bearerToken();
        for (const [name, path, { method, signedIn } = {}] of targets(size)) {
          const result = await measure(path, { method, headers: signedIn ? { authorization: `Bearer ${token}` } : {} });
          rows.push({ backend, ideas: size, cache, endpoint: name, ...result });
          console.log(
            `${backend} ${size} cache ${cache} ${name}: p50 ${result.p50} ms, p99 ${result.p99} ms, ${result.rps.toFixed(0)} req/s${result.errors ? `, ${result.errors} errors` : ''}`,
          );
        }
      } finally {
        process.kill(-server.pid, 'SIGTERM');
        await new Promise((resolve) => setTimeout(resolve, 1_000));
      }
    }
  }
}

console.log(
  `\n| backend | ideas | cache | endpoint | p50 ms | p99 ms | req/s | errors |\n|---|---|---|---|---|---|---|---|`,
);
for (const r of rows)
  console.log(
    `| ${r.backend} | ${r.ideas} | ${r.cache} | ${r.endpoint} | ${r.p50} | ${r.p99} | ${r.rps.toFixed(0)} | ${r.errors} |`,
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
