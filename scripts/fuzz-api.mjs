// `npm run fuzz:api`: malformed requests against every operation of the built app's openapi.json, on a server
// it starts itself (`next start` on localhost, its own DATA_DIR under data/, PGlite or --postgres URL).
// Phase 1 sends huge chunked bodies (8 × 300 MB at once to /auth/login, then to an upload route) and prints
// the server's RSS before, at its peak and after: a body over its limit must not raise it by more than 50 MB.
// Phase 2 signs in as demo accounts and sends --requests malformed requests (wrong types, huge and unicode
// strings, NUL, ids at and beyond 2^31, deep nesting, invalid JSON, wrong content types, traversal strings,
// oversized bodies) for at most --seconds, prints the count per status per operation, and exits 1 on any 5xx.
// Phase 3 (--outage, with --postgres): the server reaches PostgreSQL through a relay of this script, which is cut
// halfway: --requests/4 more requests (and the pages) may answer nothing of 5xx but 503, and the pages and reads
// that need the database must answer 503; then the relay is restored and the server must answer from the database again within 15 s, unrestarted.
// Loopback only, bounded in count and time.
// Options: --requests 6000 --seconds 240 --port 3101 --postgres postgres://… --seed 1 --skip-memory --concurrency 8 --fresh --outage
// (--fresh: new demo content in DATA_DIR; with --postgres, give a fresh database: the script does not empty it)
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import {
  commandOptions,
  run,
  signInByApi,
  startServer,
  treeResidentMegabytes,
  waitForServer,
} from './bench-support.mjs';
import { malformedRequests } from './lib/malformed-requests.mjs';
import { hugeChunkedBody, send } from './lib/raw-http.mjs';
import { startTcpRelay } from './lib/tcp-relay.mjs';

const values = commandOptions({
  requests: '6000',
  seconds: '240',
  port: '3101',
  postgres: undefined,
  seed: '1',
  concurrency: '8',
  'skip-memory': false,
  fresh: false,
  'memory-mb': '300',
  outage: false,
});
if (values.outage && !values.postgres) {
  console.error('--outage needs --postgres: the embedded database lives in the server process.');
  process.exit(2);
}
const PORT = Number(values.port);
// localhost, as the other scripts and e2e use: bound to 127.0.0.1, Next answers the Russian cached listings
// (/go?category_id=2) with a redirect to themselves.
const BASE = `http://localhost:${PORT}`;
const REQUESTS = Number(values.requests);
const DATA_DIR = `data/fuzz-${PORT}${values.postgres ? '-pg' : ''}`;
const RSS_BUDGET_MB = 50;
const UPLOAD_LIMIT_MB = 10;
const MEMORY_CONCURRENCY = 8;
const MODERATOR = { email: 'moderator@sopka.travel', password: 'sopka-moderator-2026' };
const AUTHOR = { email: 'anna@demo.sopka.travel', password: 'sopka-author-2026' };

// ---- the server -------------------------------------------------------------------------------------------

if (!existsSync('.next/BUILD_ID')) {
  console.error('No build: run `npx next build` first.');
  process.exit(2);
}
// The demo content (with its generated pictures) takes minutes to make: kept between runs unless --fresh.
if (values.fresh) rmSync(DATA_DIR, { recursive: true, force: true });
mkdirSync(DATA_DIR, { recursive: true });
const serverEnv = { DATA_DIR, ...(values.postgres ? { DATABASE_URL: values.postgres } : {}) };
run('npm', ['run', '--silent', 'db:prepare'], serverEnv);
/** With --outage the server's way to PostgreSQL, which phase 3 cuts and restores, as a failed network would. */
const postgres = values.outage ? new URL(values.postgres) : null;
const databaseLink = postgres
  ? await startTcpRelay({ host: postgres.hostname, port: Number(postgres.port || 5432) })
  : null;
if (databaseLink) serverEnv.DATABASE_URL = databaseLink.through(values.postgres);
const server = startServer({ port: PORT, env: serverEnv, log: join(DATA_DIR, 'server.log') });
const stopServer = () => {
  try {
    process.kill(-server.pid, 'SIGTERM');
  } catch {
    // already gone
  }
};
process.on('exit', stopServer);
process.on('SIGINT', () => process.exit(130));
const serverRssMb = () => treeResidentMegabytes(server.pid);

// ---- phase 1: memory under huge chunked bodies ------------------------------------------------------------

async function memoryPhase(author) {
  const megabytes = Number(values['memory-mb']);
  const boundary = 'fuzzboundary';
  // Whatever the number of bodies, RSS may rise by at most RSS_BUDGET_MB (issue 37); each route is warmed by one
  // oversized body first, so that loading its code (sharp's library for the avatar) is not counted as the bodies'.
  const targets = [
    ['POST /auth/login', '/api/v1/auth/login', { 'content-type': 'application/json' }, '{"email":"a@b.c","password":"'],
    [
      'POST /users/{id}/avatar',
      `/api/v1/users/${author.id}/avatar`,
      { 'content-type': `multipart/form-data; boundary=${boundary}`, authorization: author.authorization },
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
    ],
  ];
  const results = [];
  for (const [name, path, headers, head] of targets) {
    await hugeChunkedBody(BASE + path, headers, UPLOAD_LIMIT_MB + 2, head);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const before = serverRssMb();
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, serverRssMb())), 50);
    const answers = await Promise.all(
      Array.from({ length: MEMORY_CONCURRENCY }, () => hugeChunkedBody(BASE + path, headers, megabytes, head)),
    );
    clearInterval(sampler);
    const after = serverRssMb();
    peak = Math.max(peak, after);
    const statuses = answers.map((a) => a.status).join(', ');
    const sent = answers.reduce((sum, a) => sum + a.sentMb, 0);
    console.log(
      `${name}: ${MEMORY_CONCURRENCY} × ${megabytes} MB chunked → ${statuses}; client wrote ${sent.toFixed(1)} MB in all; server RSS ${before.toFixed(0)} MB before, peak ${peak.toFixed(0)} MB (+${(peak - before).toFixed(0)}), ${after.toFixed(0)} MB after`,
    );
    results.push({ name, rise: peak - before, budget: RSS_BUDGET_MB });
  }
  return results;
}

// ---- phase 2: malformed requests --------------------------------------------------------------------------

const { pick, chance, bodyFor, queryFor, pathFor } = malformedRequests(Number(values.seed));

const PAGES = [
  '/go?category_id=2',
  '/go/2147483648',
  '/en/go/2147483648',
  '/go/99999999999999999999',
  '/go?query=%00',
  '/go?query=a%00b&category_id=2',
  '/go/%00',
  '/go?place_id=2147483648',
  '/go?category_id=2&query=%00',
];

/**
 * An answer the server may give while the database is away: 503, or anything it answers without the database (its
 * configuration, the OpenAPI document, a refusal of bad input); never another 5xx, never a dropped connection.
 */
const answersAnOutage = (status) => typeof status === 'number' && (status < 500 || status === 503);

async function fuzzPhase(sessions, { requests = REQUESTS, outage = false } = {}) {
  const document = await (await fetch(`${BASE}/api/v1/openapi.json`)).json();
  const operations = Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({
      key: `${method.toUpperCase()} ${path}`,
      method: method.toUpperCase(),
      path,
      operation,
    })),
  );
  const counts = new Map(operations.map(({ key }) => [key, new Map()]));
  const failures = [];
  let sentCount = 0;
  const record = (key, status, detail) => {
    const byStatus = counts.get(key) ?? counts.set(key, new Map()).get(key);
    byStatus.set(status, (byStatus.get(status) ?? 0) + 1);
    // A page the page cache holds is answered whatever the database does.
    const cachedPage = key === 'GET (pages)' && typeof status === 'number' && status < 400;
    const failed = outage ? !(answersAnOutage(status) || cachedPage) : typeof status !== 'number' || status >= 500;
    if (failed) failures.push({ key, status, ...detail });
  };
  for (const page of PAGES) {
    // Pages may redirect (locale, listing): follow up to 5 hops; the last answer counts.
    let url = `${BASE}${page}`;
    let response;
    for (let hop = 0; hop < 5; hop++) {
      response = await fetch(url, { redirect: 'manual' });
      const location = response.headers.get('location');
      if (response.status < 300 || response.status >= 400 || !location) break;
      url = new URL(location, url).toString();
    }
    record('GET (pages)', response.status, { request: page, answer: (await response.text()).slice(0, 120) });
    if (response.status >= 300 && response.status < 400)
      console.log(`Page ${page} still redirects after 5 hops (to ${response.headers.get('location')})`);
  }
  const deadline = Date.now() + Number(values.seconds) * 1000;
  const worker = async () => {
    while (sentCount < requests && Date.now() < deadline) {
      const index = sentCount++;
      // Every operation in turn, so each gets its share whatever the count.
      const { key, method, path, operation } = operations[index % operations.length];
      const session = pick(sessions);
      const headers = {};
      if (session.authorization && chance(0.85))
        headers.authorization = chance(0.95)
          ? session.authorization
          : pick(['Bearer', 'Bearer x.y.z', 'Basic Zm9vOmJhcg==', `${session.authorization}x`]);
      if (chance(0.1)) headers.locale = pick(['xx', 'en', 'zh-CN', '\u00e9']);
      const url = `/api/v1${pathFor(path, session)}${queryFor(operation)}`;
      let body = null;
      if (method !== 'GET' && method !== 'DELETE' ? chance(0.95) : chance(0.1)) {
        const made = bodyFor(operation);
        if (made.contentType) headers['content-type'] = made.contentType;
        body = made.body;
      }
      const { status, text } = await send(method, BASE + url, headers, body);
      record(key, status, { request: `${method} ${url}`, body: body?.slice(0, 200), answer: text });
    }
  };
  const started = Date.now();
  await Promise.all(Array.from({ length: Number(values.concurrency) }, worker));
  return { counts, failures, sent: sentCount + PAGES.length, seconds: (Date.now() - started) / 1000 };
}

// ---- phase 3: the database goes away, and comes back --------------------------------------------------------

/** What must answer 503 while the database is away: pages and API reads that cannot be answered without it. */
const NEEDS_THE_DATABASE = ['/go?query=outage', '/en/go/1', '/api/v1/ideas?q=outage', '/api/v1/ideas/1?locale=en'];

async function outagePhase(sessions) {
  let failed = 0;
  databaseLink.cut();
  const cutAt = Date.now();
  for (const path of NEEDS_THE_DATABASE) {
    const { status } = await send('GET', BASE + path, {}, null);
    console.log(`outage: GET ${path} answered ${status}`);
    if (status !== 503) failed++;
  }
  const { counts, failures, sent } = await fuzzPhase(sessions, { requests: Math.ceil(REQUESTS / 4), outage: true });
  const totals = new Map();
  for (const byStatus of counts.values())
    for (const [status, count] of byStatus) totals.set(status, (totals.get(status) ?? 0) + count);
  console.log(
    `outage: ${sent} requests in ${((Date.now() - cutAt) / 1000).toFixed(0)} s, by status: ` +
      [...totals].map(([status, count]) => `${status} × ${count}`).join(', '),
  );
  for (const failure of failures.slice(0, 20))
    console.log(`outage: a 5xx other than 503, or no answer: ${JSON.stringify(failure)}`);
  failed += failures.length;
  databaseLink.restore();
  const restoredAt = Date.now();
  let recovered = false;
  while (!recovered && Date.now() - restoredAt < 15_000) {
    recovered = (await send('GET', BASE + NEEDS_THE_DATABASE[2], {}, null)).status === 200;
    if (!recovered) await new Promise((resolve) => setTimeout(resolve, 250));
  }
  console.log(
    recovered
      ? `outage: answering from the database again ${Date.now() - restoredAt} ms after it came back, without a restart`
      : 'outage: still not answering from the database 15 s after it came back',
  );
  return failed === 0 && recovered ? 0 : 1;
}

// ---- main -------------------------------------------------------------------------------------------------

let exitCode = 0;
try {
  await waitForServer(server.child, `${BASE}/api/v1/categories`, 300);
  const author = await signInByApi(BASE, AUTHOR);
  const moderator = await signInByApi(BASE, MODERATOR);
  console.log(
    `Server on ${BASE} (${values.postgres ? 'PostgreSQL' : 'PGlite'}, DATA_DIR=${DATA_DIR}), RSS ${serverRssMb().toFixed(0)} MB`,
  );
  if (!values['skip-memory']) {
    const memory = await memoryPhase(author);
    for (const { name, rise, budget } of memory) {
      if (rise > budget) {
        console.log(`MEMORY: ${name} raised RSS by ${rise.toFixed(0)} MB (budget ${budget} MB)`);
        exitCode = 1;
      }
    }
  }
  const { counts, failures, sent, seconds } = await fuzzPhase([author, moderator, { id: 1, hid: 'kXbqTz' }]);
  const statuses = [...new Set([...counts.values()].flatMap((byStatus) => [...byStatus.keys()]))].sort((a, b) =>
    String(a).localeCompare(String(b)),
  );
  console.log(`\n${sent} requests in ${seconds.toFixed(0)} s\n`);
  console.log(`| operation | ${statuses.join(' | ')} |\n|---|${statuses.map(() => '---|').join('')}`);
  const totals = new Map();
  for (const [key, byStatus] of counts) {
    console.log(`| ${key} | ${statuses.map((status) => byStatus.get(status) ?? 0).join(' | ')} |`);
    for (const [status, count] of byStatus) totals.set(status, (totals.get(status) ?? 0) + count);
  }
  console.log(`| **all** | ${statuses.map((status) => totals.get(status) ?? 0).join(' | ')} |`);
  if (failures.length) {
    exitCode = 1;
    console.log(`\n${failures.length} answers were 5xx or no answer:`);
    for (const failure of failures.slice(0, 50)) console.log(JSON.stringify(failure));
  } else console.log('\nNo 5xx.');
  if (databaseLink) exitCode = Math.max(exitCode, await outagePhase([author, moderator]));
} catch (error) {
  console.error(error);
  exitCode = 2;
} finally {
  stopServer();
}
process.exit(exitCode);
