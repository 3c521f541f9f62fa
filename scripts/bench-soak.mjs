// `npm run bench:soak`: the built app under a steady mixed load for minutes, on PGlite and PostgreSQL, with the
// default heap: p50/p99 latency, failed answers, and whether the server's resident memory levels off. 50
// connections request, at random by weight, idea pages (cached), listings on /go (the cached ones of a category
// or place, and ones filtered by dates and price, rendered per request), the API's listing with filters and the
// API's idea detail. The server's VmRSS is sampled every few seconds. Loopback only, bounded in time.
// Memory is judged as the budget says: the growth over the last minute against the level at the end of the first
// (over the last and first third of a run shorter than three minutes).
// Options: --duration 300 (seconds) --connections 50 --ideas 1000 --backends pglite,postgres --port 3410
// --data-dir data/bench (PGlite databases are <data-dir>/<ideas>) --pg-prefix sopka_bench (PostgreSQL databases
// are <prefix>_<ideas>; both shared with bench:api)
// --cpu-per-kind: instead of the soak, each kind of the mix alone at 8 connections, in turn for a first round that
// warms up and --rounds 3 measured rounds of --kind-seconds 10: the CPU per answer of each, the server's and
// PostgreSQL's, and what an answer of the mix costs the server on average.
import { readFileSync, rmSync } from 'node:fs';
import autocannon from 'autocannon';
import {
  availableBackends,
  buildIfMissing,
  commandOptions,
  databaseOptions,
  dayFromToday,
  median,
  prepareDatabase,
  residentMegabytes,
  startServer,
  waitForServer,
  withCpuPerAnswer,
} from './bench-support.mjs';

const values = commandOptions({
  duration: '300',
  connections: '50',
  ideas: '1000',
  'data-dir': 'data/bench',
  ...databaseOptions(3410),
  'cpu-per-kind': false,
  rounds: '3',
  'kind-seconds': '10',
});
const DURATION = Number(values.duration);
const CONNECTIONS = Number(values.connections);
const IDEAS = Number(values.ideas);
const PORT = Number(values.port);
const BASE = `http://localhost:${PORT}`;
const SAMPLE_EVERY_MS = 5_000;
/** How much of the run the first and last memory windows take: a minute, or a third of a shorter run. */
const WINDOW_S = Math.min(60, DURATION / 3);
const BUDGET = { p99: 300, growthPercent: 5 };
/** Idea pages visited: a handful that many visitors open, as on a live site, out of the page cache. */
const IDEA_PAGES = 12;

const pick = (items) => items[Math.floor(Math.random() * items.length)];
const dateRange = () => {
  const from = 1 + Math.floor(Math.random() * 60);
  return `date_from=${dayFromToday(from)}&date_to=${dayFromToday(from + 7 + Math.floor(Math.random() * 30))}`;
};

const CACHED_LISTINGS = ['/go', '/go?category_id=2', '/go?place_id=1', '/go?sort=rating'];

/** The mix, as [weight, kind, path()] rows: each request draws a row by weight and then its path. */
function requestMix(ideaHids, ideaIds) {
  return [
    [35, 'idea page', () => `/go/${pick(ideaHids)}`],
    [10, 'cached listing', () => pick(CACHED_LISTINGS)],
    [10, 'filtered listing', () => `/go?category_id=${1 + Math.floor(Math.random() * 4)}&${dateRange()}`],
    [20, 'API listing', () => `/api/v1/ideas?place_id=1&category_id=2&${dateRange()}&price_min=1000&price_max=20000`],
    [25, 'API detail', () => `/api/v1/ideas/${pick(ideaIds)}`],
  ];
}

function drawRequest(mix) {
  const total = mix.reduce((sum, [weight]) => sum + weight, 0);
  let roll = Math.random() * total;
  const [, kind, path] = mix.find(([weight]) => (roll -= weight) < 0) ?? mix.at(-1);
  return { kind, path: path() };
}

async function listedIdeas(query) {
  const response = await fetch(`${BASE}/api/v1/ideas?${new URLSearchParams(query)}`);
  if (!response.ok) throw new Error(`listing ideas failed: ${response.status}`);
  return (await response.json()).data;
}

/** The ids of the published ideas (an unpublished one is a 404, which would count as a failure). */
async function listedIds() {
  const ids = [];
  for (let page = 1; page <= Math.ceil(IDEAS / 100); page++)
    ids.push(...(await listedIdeas({ limit: 100, page })).map((idea) => idea.id));
  return ids;
}

/**
 * One visit to every page the cache keeps and one request of every other kind, in turn: a live site has its
 * pages cached, while 50 connections at once on a cold server would render each page many times over.
 */
async function warmUp(ideaHids, mix) {
  const paths = [...ideaHids.map((hid) => `/go/${hid}`), ...CACHED_LISTINGS, ...mix.map(([, , path]) => path())];
  for (const path of paths) await (await fetch(BASE + path)).arrayBuffer();
}

const KIND_CONNECTIONS = 8;

/**
 * The CPU per answer of each kind alone, the server's and (on PostgreSQL) the database's, in rounds that take the
 * kinds in turn (so that the machine's drift spreads over all of them), after a round that warms each kind up.
 * Unlike latency, CPU per answer holds when the load generator shares the cores: it shows what the soak's time
 * goes to.
 */
async function cpuPerKind(serverPid, mix) {
  const load = (path, options) =>
    autocannon({
      url: BASE,
      connections: KIND_CONNECTIONS,
      requests: [{ method: 'GET', setupRequest: (request) => ({ ...request, path: path() }) }],
      ...options,
    });
  // A render's code is compiled for speed only after some hundreds of answers: a first round, not measured.
  for (const [, , path] of mix) await load(path, { duration: Number(values['kind-seconds']) });
  const kinds = new Map(mix.map(([weight, kind]) => [kind, { weight, rounds: [] }]));
  for (let round = 0; round < Number(values.rounds); round++)
    for (const [, kind, path] of mix) {
      const { result, serverCpu, databaseCpu } = await withCpuPerAnswer(serverPid, () =>
        load(path, { duration: Number(values['kind-seconds']) }),
      );
      kinds.get(kind).rounds.push({
        server: serverCpu,
        database: databaseCpu,
        rps: result.requests.average,
        failed: result.errors + result.non2xx,
      });
    }
  return kinds;
}

function printCpuPerKind(backend, kinds) {
  const rounds = Number(values.rounds);
  const totalWeight = [...kinds.values()].reduce((sum, { weight }) => sum + weight, 0);
  const database = backend === 'postgres';
  console.log(
    `\n${backend}: CPU per answer, each kind alone at ${KIND_CONNECTIONS} connections, ${rounds} rounds of ${values['kind-seconds']} s (ms)\n` +
      `| kind | share of the mix | server, each round | server, median |${database ? ' PostgreSQL, median |' : ''} answers/s, median | failed |\n` +
      `|---|---|---|---|${database ? '---|' : ''}---|---|`,
  );
  let serverPerAnswer = 0;
  for (const [kind, { weight, rounds: measured }] of kinds) {
    const server = median(measured.map((r) => r.server));
    serverPerAnswer += (weight / totalWeight) * server;
    const databaseCell = database ? ` ${median(measured.map((r) => r.database)).toFixed(2)} |` : '';
    console.log(
      `| ${kind} | ${weight} % | ${measured.map((r) => r.server.toFixed(2)).join(', ')} | ${server.toFixed(2)} |${databaseCell} ${median(measured.map((r) => r.rps)).toFixed(0)} | ${measured.reduce((sum, r) => sum + r.failed, 0)} |`,
    );
  }
  console.log(
    `An answer of the mix costs the server ${serverPerAnswer.toFixed(2)} ms of CPU on average${database ? '' : ' (the database included)'}: a server thread that does nothing else answers at most ${(1000 / serverPerAnswer).toFixed(0)} a second.`,
  );
}

/** p50 and p99 of a kind's answers (every status), in ms. */
function percentiles(durations) {
  const sorted = [...durations].sort((a, b) => a - b);
  const at = (share) => Math.round(sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))] ?? NaN);
  return { p50: at(0.5), p99: at(0.99) };
}

/** The server's latest report of its own memory (scripts/bench-memory-probe.mjs) at `at`, in MB. */
function reportedMemory(reports, at) {
  const report = reports.filter((r) => r.at <= at).at(-1);
  const mb = (bytes) => (typeof bytes === 'number' ? bytes / 2 ** 20 : NaN);
  return {
    heapUsed: mb(report?.heapUsed),
    heapAfterFullGc: mb(report?.heapAfterFullGc),
    external: mb(report?.external),
  };
}

/** Resident memory at `second` of the run (the nearest sample at or before it). */
const residentAt = (samples, second) => samples.filter((sample) => sample.second <= second + 0.5).at(-1)?.mb ?? NaN;

async function soak(backend) {
  const env = await prepareDatabase(backend, IDEAS, {
    dataDir: values['data-dir'],
    pgPrefix: values['pg-prefix'],
    pgUrl: values['pg-url'],
  });
  const memoryLog = `${env.DATA_DIR}/soak-memory.jsonl`;
  rmSync(memoryLog, { force: true });
  // As `npm start` runs it (the app's own drain on SIGTERM), with warnings only: a line per request would be much
  // of the work measured, and of the log kept.
  const server = startServer({
    port: PORT,
    env: {
      ...env,
      LOG_LEVEL: 'warn',
      NEXT_MANUAL_SIG_HANDLE: 'true',
      NODE_OPTIONS: `--import=${new URL('./bench-memory-probe.mjs', import.meta.url)}`,
      BENCH_MEMORY_LOG: memoryLog,
    },
    log: `${env.DATA_DIR}/soak-server.log`,
  });
  try {
    await waitForServer(server.child, `${BASE}/api/v1/categories`);
    const ideaHids = (await listedIdeas({ sort: 'rating', limit: IDEA_PAGES })).map((idea) => idea.hid);
    const mix = requestMix(ideaHids, await listedIds());
    await warmUp(ideaHids, mix);
    if (values['cpu-per-kind']) return { backend, cpuPerKind: await cpuPerKind(server.pid, mix) };
    const samples = [];
    const started = Date.now();
    const sample = () =>
      samples.push({ at: Date.now(), second: (Date.now() - started) / 1000, mb: residentMegabytes(server.pid) });
    sample();
    const sampler = setInterval(sample, SAMPLE_EVERY_MS);
    /** Per kind of request: the answers' times and the statuses other than 2xx. */
    const kinds = new Map(mix.map(([, kind]) => [kind, { durations: [], failed: new Map() }]));
    let result;
    try {
      const load = autocannon({
        url: BASE,
        connections: CONNECTIONS,
        duration: DURATION,
        requests: [
          {
            method: 'GET',
            setupRequest(request, context) {
              const { kind, path } = drawRequest(mix);
              context.kind = kind;
              return { ...request, path };
            },
          },
        ],
      });
      // Emitted before the connection's next request is drawn: its context still names this answer's kind.
      load.on('response', (client, status, bytes, ms) => {
        const kind = kinds.get(client.requestIterator.context.kind);
        kind.durations.push(ms);
        if (status < 200 || status >= 300) kind.failed.set(status, (kind.failed.get(status) ?? 0) + 1);
      });
      result = await load;
    } finally {
      clearInterval(sampler);
    }
    sample();
    const reports = readFileSync(memoryLog, 'utf8')
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line));
    for (const sample of samples) Object.assign(sample, reportedMemory(reports, sample.at));
    const end = samples.at(-1).second;
    const firstLevel = residentAt(samples, WINDOW_S);
    const lastWindowStart = residentAt(samples, end - WINDOW_S);
    const atEnd = samples.at(-1).mb;
    return {
      backend,
      p50: result.latency.p50,
      p99: result.latency.p99,
      rps: result.requests.average,
      requests: result.requests.total,
      // Timeouts are among the errors.
      errors: result.errors,
      timeouts: result.timeouts,
      non2xx: result.non2xx,
      start: samples[0].mb,
      firstLevel,
      atEnd,
      growthPercent: ((atEnd - lastWindowStart) / firstLevel) * 100,
      samples,
      kinds,
    };
  } finally {
    await server.stop();
  }
}

buildIfMissing();
const rows = [];
for (const backend of await availableBackends(values.backends, values['pg-url'])) {
  console.log(
    values['cpu-per-kind']
      ? `CPU per kind of answer on ${backend}…`
      : `Soak on ${backend}: ${CONNECTIONS} connections for ${DURATION} s…`,
  );
  const row = await soak(backend);
  if (row.cpuPerKind) {
    printCpuPerKind(backend, row.cpuPerKind);
    continue;
  }
  rows.push(row);
  // "–" before the first full collection, or where the server had not reported yet.
  const series = (key) => row.samples.map((s) => (Number.isFinite(s[key]) ? s[key].toFixed(0) : '–')).join(' ');
  console.log(`  every ${SAMPLE_EVERY_MS / 1000} s, MB: RSS ${series('mb')}`);
  console.log(`    V8 heap in use ${series('heapUsed')}`);
  console.log(`    V8 heap after the latest full collection ${series('heapAfterFullGc')}`);
  console.log(`    outside the heap (Buffers and the like) ${series('external')}`);
  for (const [kind, { durations, failed }] of row.kinds) {
    const { p50, p99 } = percentiles(durations);
    const statuses = [...failed].map(([status, count]) => `${count}× ${status}`).join(', ');
    console.log(
      `  ${kind}: ${durations.length} answers, p50 ${p50} ms, p99 ${p99} ms${statuses ? `, ${statuses}` : ''}`,
    );
  }
}

if (!values['cpu-per-kind']) {
  const mb = (value) => value.toFixed(0);
  console.log(
    `\n${CONNECTIONS} connections, ${DURATION} s, ${IDEAS} generated ideas; memory windows of ${WINDOW_S} s\n` +
      `| backend | req/s | p50 ms | p99 ms | errors (timeouts) | non-2xx | RSS start MB | RSS at ${WINDOW_S} s MB | RSS end MB | last ${WINDOW_S} s growth | verdict |\n` +
      `|---|---|---|---|---|---|---|---|---|---|---|`,
  );
  let pass = true;
  for (const r of rows) {
    const ok = r.p99 <= BUDGET.p99 && r.errors + r.non2xx === 0 && r.growthPercent <= BUDGET.growthPercent;
    pass &&= ok;
    console.log(
      `| ${r.backend} | ${r.rps.toFixed(0)} | ${r.p50} | ${r.p99} | ${r.errors} (${r.timeouts}) | ${r.non2xx} | ${mb(r.start)} | ${mb(r.firstLevel)} | ${mb(r.atEnd)} | ${r.growthPercent.toFixed(1)} % | ${ok ? 'ok' : 'OVER BUDGET'} |`,
    );
  }
  console.log(
    `\nBudget: p99 ≤ ${BUDGET.p99} ms, no failed answers, last window's RSS growth ≤ ${BUDGET.growthPercent} % of the first window's level.`,
  );
  process.exitCode = pass ? 0 : 1;
}
