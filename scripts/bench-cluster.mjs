// `npm run bench:cluster`: the production front measured on loopback (issue 20's benchmark). Starts the cluster
// (scripts/cluster.mjs) on DATABASE_URL with API_ANSWER_CACHE=off and prints one table of requests per second and
// p99 latency for:
//   - a cached idea page through nginx (its micro-cache) and the same page from one instance directly;
//   - a static file of the page's size served from disk by the same nginx;
//   - an uncached API listing through nginx with 2 instances, then with 1.
// Options: --duration 10 (seconds per measurement), --connections 16, --port 3130 (nginx; instances on the next ports).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import './load-env.mjs';
import { startCluster } from './cluster.mjs';

const { values } = parseArgs({
  options: {
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '16' },
    port: { type: 'string', default: '3130' },
  },
});
const DURATION = Number(values.duration);
const CONNECTIONS = Number(values.connections);
const PORT = Number(values.port);
/** A listing the answer cache would otherwise keep: with API_ANSWER_CACHE=off every request queries PostgreSQL. */
const LISTING = '/api/v1/ideas?category_id=2&per_page=20';

/**
 * The load generator: wrk (Debian's `wrk`) when it is installed, else autocannon. autocannon is a Node process on
 * the same 2 cores: it tops out near 15 000 answers a second, below what nginx serves from its cache, and measured
 * a micro-cached page at 0.26–0.40 of a static file where wrk measured 0.77–0.87.
 */
const WRK = spawnSync('wrk', ['--version']).error ? null : 'wrk';

/** wrk's latency ("2.10ms", "850.00us", "1.02s") in milliseconds. */
function wrkMilliseconds(text) {
  const [, value, unit] = /([\d.]+)(us|ms|s)/.exec(text);
  return Number(value) * { us: 0.001, ms: 1, s: 1000 }[unit];
}

function runWrk(url, seconds) {
  const { stdout } = spawnSync(WRK, ['-t2', `-c${CONNECTIONS}`, `-d${seconds}s`, '--latency', url], {
    encoding: 'utf8',
  });
  const number = (pattern) => Number(pattern.exec(stdout)?.[1] ?? 0);
  return {
    rps: number(/Requests\/sec:\s+([\d.]+)/),
    p99: wrkMilliseconds(/^\s+99%\s+(\S+)/m.exec(stdout)[1]),
    failed: number(/Non-2xx or 3xx responses: (\d+)/) + number(/Socket errors: connect (\d+)/),
  };
}

async function measure(url) {
  // A short unmeasured run first: caches, pools and keep-alive connections as a live site has them.
  if (WRK) {
    runWrk(url, 2);
    return runWrk(url, DURATION);
  }
  await autocannon({ url, connections: CONNECTIONS, duration: 2 });
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION });
  return { rps: result.requests.average, p99: result.latency.p99, failed: result.errors + result.non2xx };
}

async function withCluster(instances, work) {
  const runDir = mkdtempSync(path.join(tmpdir(), 'sopka-bench-cluster-'));
  const cluster = await startCluster({
    instances,
    port: PORT,
    runDir,
    env: { API_ANSWER_CACHE: 'off', LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn' },
    build: true,
    prepare: true,
    output: () => {},
  });
  try {
    return await work(cluster);
  } finally {
    await cluster.stop();
    rmSync(runDir, { recursive: true, force: true });
  }
}

const rows = [];
const row = (what, { rps, p99, failed }) => rows.push({ what, rps, p99, failed });

let pageRps;
let staticRps;
let twoRps;
await withCluster(2, async (cluster) => {
  const { data } = await (await fetch(`${cluster.url}/api/v1/ideas?per_page=1`)).json();
  const ideaPath = `/go/${data[0].hid}`;
  const page = Buffer.from(await (await fetch(cluster.url + ideaPath)).arrayBuffer());
  // The static file lives where nginx serves the build's files from disk, for the length of the measurement.
  const staticName = `bench-${process.pid}.html`;
  const staticFile = path.resolve('.next/static', staticName);
  writeFileSync(staticFile, Buffer.alloc(page.length, 'a'));
  try {
    const viaNginx = await measure(cluster.url + ideaPath);
    pageRps = viaNginx.rps;
    row(`idea page (${page.length} B) through nginx`, viaNginx);
    row('idea page from one instance directly', await measure(cluster.instances[0].url + ideaPath));
    const file = await measure(`${cluster.url}/_next/static/${staticName}`);
    staticRps = file.rps;
    row('static file of the same size, same nginx', file);
  } finally {
    rmSync(staticFile, { force: true });
  }
  const two = await measure(cluster.url + LISTING);
  twoRps = two.rps;
  row('uncached API listing, nginx + 2 instances', two);
});
const one = await withCluster(1, (cluster) => measure(cluster.url + LISTING));
row('uncached API listing, nginx + 1 instance', one);

console.log(
  `\n${WRK ? 'wrk' : 'autocannon (install wrk for the front: autocannon is the limit there)'}, ${CONNECTIONS} connections, ${DURATION} s each, loopback; API listing ${LISTING}\n`,
);
console.log(`${'what'.padEnd(48)}${'req/s'.padStart(10)}${'p99 ms'.padStart(10)}${'failed'.padStart(8)}`);
for (const { what, rps, p99, failed } of rows)
  console.log(
    `${what.padEnd(48)}${rps.toFixed(0).padStart(10)}${p99.toFixed(1).padStart(10)}${String(failed).padStart(8)}`,
  );
console.log(`\nidea page through nginx / static file: ${(pageRps / staticRps).toFixed(2)} (target ≥ 0.8)`);
console.log(`API listing 2 instances / 1 instance: ${(twoRps / one.rps).toFixed(2)} (target ≥ 1.6)`);
