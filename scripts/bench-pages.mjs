// `npm run bench:pages`: the browsing budgets of ARCHITECTURE.md, measured on the built app with the demo
// content (DATA_DIR=data/bench-pages), served by `next start` on loopback:
//   - Lighthouse (mobile, the default form factor) for /, /go and one /go/[id] in Russian;
//   - the SEO of / for a browser preferring English (sent on to /en);
//   - first-load JavaScript of /, /go and /go/[id], gzipped, as the browser receives it (nomodule polyfills
//     excluded; --verbose lists each script);
//   - requests per second of /go/[id] against a static file of the same server, 16 connections (and, for
//     comparison, of a page prerendered at build time).
// Options: --build (rebuild first), --runs 1 (Lighthouse runs per page; the median is printed), --duration 10,
//   --js-only (only the first-load JavaScript), --verbose,
//   --front (Lighthouse through the production front instead: nginx with deploy/nginx.conf over HTTPS with HTTP/2
//   and a certificate made for the run, brotli, the micro-cache; the other figures stay on `next start`),
//   --reference (also build scripts/bench-reference, the next-intl example setup the ratio budget is set against,
//   start it beside this app and take its Lighthouse runs in the same rounds, interleaved with the pages', then
//   measure its ratio). Every Lighthouse line gives the medians of LCP with its phases (time to first byte, the
//   resource's load delay and load time, the render delay) and TBT with each run's, for both sides.
import { spawn, spawnSync } from 'node:child_process';
import { copyFileSync, cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import autocannon from 'autocannon';
import { commandOptions, median, run, startServer, waitForServer } from './bench-support.mjs';
import { findChromium } from './chromium.mjs';
import { firstLoadJs } from './lib/first-load-js.mjs';
import { makeLocalCertificate, startFront, stopFront } from './cluster.mjs';

const values = commandOptions({
  build: false,
  runs: '1',
  duration: '10',
  reference: false,
  'js-only': false,
  verbose: false,
  front: false,
});
// BENCH_PORT moves the three ports, so that a run can sit beside other servers on the machine.
const PORT = Number(process.env.BENCH_PORT ?? 3300);
const BASE = `http://localhost:${PORT}`;
const REFERENCE_PORT = PORT + 1;
const FRONT_PORT = PORT + 10;
/** Where Lighthouse loads the pages: the server itself, or the front with --front. */
const PAGES_BASE = values.front ? `https://localhost:${FRONT_PORT}` : BASE;
/** The static file both ratios divide by, served by each app's own `next start`. */
const STATIC_FILE = '/backgrounds/sea.svg';
const DATA_DIR = 'data/bench-pages';
/** A static page of this app, prerendered at build time: what a cached idea page is compared with. */
const PRERENDERED_PAGE = '/info/infoAbout';
const BUDGET = {
  performance: 98,
  accessibility: 100,
  'best-practices': 95,
  seo: 100,
  firstLoadKb: 150,
  rpsRatio: 0.25,
};
/** The ratio the budget text says next-intl's example gets on the machine the budget was set on. */
const BUDGET_REFERENCE_RATIO = 0.28;
/**
 * Lighthouse is fetched on first use (npm's own exec cache keeps it), not installed with the project: it and what
 * it pulls (Sentry, OpenTelemetry, puppeteer-core…) were 160 of the 1166 packages every `npm install` unpacked.
 * Pinned, so that scores compare between runs and machines.
 */
const LIGHTHOUSE = 'lighthouse@12.8.2';

function lighthouse(
  url,
  chromium,
  { acceptLanguage = 'ru-RU,ru;q=0.9', categories = 'performance,accessibility,best-practices,seo' } = {},
) {
  const dir = mkdtempSync(join(tmpdir(), 'sopka-lh-'));
  const output = join(dir, 'report.json');
  try {
    run(
      'npm',
      [
        'exec',
        '--yes',
        `--package=${LIGHTHOUSE}`,
        '--',
        'lighthouse',
        url,
        '--quiet',
        '--output=json',
        `--output-path=${output}`,
        `--only-categories=${categories}`,
        // A Russian browser by default: the pages are measured in ru, and `/` sends English browsers to /en.
        `--extra-headers=${JSON.stringify({ 'Accept-Language': acceptLanguage })}`,
        // The front's certificate is made for the run, so no browser trusts it.
        `--chrome-flags=--headless=new --no-sandbox --disable-gpu --disable-dev-shm-usage${values.front ? ' --ignore-certificate-errors' : ''}`,
      ],
      { CHROME_PATH: chromium },
    );
    const report = JSON.parse(readFileSync(output, 'utf8'));
    const scores = Object.fromEntries(
      Object.entries(report.categories).map(([key, category]) => [key, Math.round(category.score * 100)]),
    );
    const failing = Object.values(report.categories)
      .filter((category) => category.score < 1)
      .flatMap((category) => category.auditRefs.map((ref) => report.audits[ref.id]))
      .filter(
        (audit) =>
          audit.score !== null &&
          audit.score < 0.9 &&
          audit.scoreDisplayMode !== 'informative' &&
          audit.scoreDisplayMode !== 'manual',
      )
      .map((audit) => audit.id);
    const metrics = report.categories.performance && {
      lcp: Math.round(report.audits['largest-contentful-paint'].numericValue),
      tbt: Math.round(report.audits['total-blocking-time'].numericValue),
      cls: Number(report.audits['cumulative-layout-shift'].numericValue.toFixed(3)),
      lcpPhases: lcpPhases(report),
    };
    return { scores, metrics, failing: [...new Set(failing)], benchmarkIndex: report.environment.benchmarkIndex };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Where the largest paint's time went (Lighthouse's phases of it: time to first byte, the delay before its resource
 * loads, its loading, the delay before it is painted), in ms, by phase name; empty when the report has none.
 */
function lcpPhases(report) {
  const items = report.audits['largest-contentful-paint-element']?.details?.items ?? [];
  const phases = items.find((item) => item.type === 'table' && item.items?.some((row) => 'phase' in row));
  return Object.fromEntries((phases?.items ?? []).map((row) => [row.phase, Math.round(row.timing)]));
}

/** The medians of the runs' LCP (and its phases), TBT and CLS. */
function metricsLine(runs) {
  const of = (pick) => median(runs.map(pick));
  const phases = Object.keys(runs[0].metrics.lcpPhases)
    .map((phase) => `${phase} ${of((r) => r.metrics.lcpPhases[phase] ?? 0)}`)
    .join(', ');
  return (
    `LCP ${of((r) => r.metrics.lcp)} ms${phases ? ` (${phases})` : ''}, TBT ${of((r) => r.metrics.tbt)} ms` +
    ` (runs: ${runs.map((r) => r.metrics.tbt).join(', ')}), CLS ${of((r) => r.metrics.cls)}`
  );
}

/** Each run's performance score after the median, when there was more than one run. */
const eachRun = (scores) => (scores.length > 1 ? ` (runs: ${scores.join(', ')})` : '');

async function requestsPerSecond(path, duration, base = BASE) {
  await autocannon({ url: base + path, connections: 16, duration: 2 });
  const result = await autocannon({ url: base + path, connections: 16, duration });
  return { rps: result.requests.average, p99: result.latency.p99, errors: result.errors + result.non2xx };
}

/**
 * scripts/bench-reference (next-intl's example setup, prerendered at build), built in a temporary directory with this
 * project's packages (the bundler wants node_modules inside its root, not a symlink) and started beside this app, so
 * that Lighthouse takes the two in turn, run by run: the example's figures are what a page with no code of its own
 * above React, Next and next-intl gets on this machine at that moment.
 */
async function startReference() {
  const dir = mkdtempSync(join(tmpdir(), 'sopka-reference-'));
  const base = `http://localhost:${REFERENCE_PORT}`;
  let reference;
  const stop = () => {
    if (reference?.exitCode === null) process.kill(-reference.pid, 'SIGTERM');
    reference = undefined;
    rmSync(dir, { recursive: true, force: true });
  };
  // Whatever ends this run, the example's server goes with it.
  process.once('exit', stop);
  try {
    cpSync('scripts/bench-reference', dir, { recursive: true });
    mkdirSync(dirname(join(dir, 'public', STATIC_FILE)), { recursive: true });
    copyFileSync(join('public', STATIC_FILE), join(dir, 'public', STATIC_FILE));
    // Hard links where the temporary directory shares the project's file system, a copy where it does not.
    if (spawnSync('cp', ['-al', 'node_modules', join(dir, 'node_modules')]).status !== 0) {
      rmSync(join(dir, 'node_modules'), { recursive: true, force: true });
      run('cp', ['-a', 'node_modules', join(dir, 'node_modules')]);
    }
    // In its own directory: next-intl's plugin finds its request config from the working directory.
    run('npx', ['next', 'build'], {}, dir);
    reference = spawn('npx', ['next', 'start', '-H', 'localhost', '-p', String(REFERENCE_PORT)], {
      cwd: dir,
      stdio: 'ignore',
      detached: true,
    });
    await waitForServer(reference, `${base}/en`, 120);
    return { page: `${base}/en`, base, stop };
  } catch (error) {
    stop();
    throw error;
  }
}

/** The example's requests per second against its static file, measured once this app's server has stopped. */
async function referenceRatio(reference, duration) {
  const page = await requestsPerSecond('/en', duration, reference.base);
  const file = await requestsPerSecond(STATIC_FILE, duration, reference.base);
  const ratio = page.rps / file.rps;
  return {
    ratio,
    line: `  for comparison, next-intl's example setup (scripts/bench-reference, prerendered at build): /en ${page.rps.toFixed(0)} (p99 ${page.p99} ms), static file ${file.rps.toFixed(0)} — ratio ${ratio.toFixed(2)}`,
  };
}

if (values.build || !existsSync('.next/BUILD_ID')) run('npx', ['next', 'build']);
run('npm', ['run', '--silent', 'db:prepare'], { DATA_DIR });
const chromium = await findChromium();
// A server left on the port would be measured instead of this build.
if (
  await fetch(BASE).then(
    () => true,
    () => false,
  )
)
  throw new Error(`something already answers on port ${PORT}; stop it first`);
// The server's own output goes to a log, to read when a page fails.
const server = startServer({
  port: PORT,
  env: { DATA_DIR, SITE_URL: PAGES_BASE },
  log: join(DATA_DIR, 'bench-server.log'),
});
let front;
let reference;
const lines = [];
const benchmarkIndexes = [];
let ideaRatio;
let pass = true;
const check = (ok) => {
  pass &&= ok;
  return ok ? 'ok' : 'OVER BUDGET';
};
try {
  await waitForServer(server.child, `${BASE}/api/v1/config`, 120);
  const { data } = await (await fetch(`${BASE}/api/v1/ideas?limit=1`)).json();
  const ideaPath = `/go/${data[0].hid}`;
  const pages = ['/', '/go', ideaPath];
  for (const path of pages) {
    const js = await firstLoadJs(BASE, path);
    lines.push(
      `First-load JS of ${path}: ${js.kb.toFixed(1)} kB gzipped in ${js.scripts} scripts (budget ${BUDGET.firstLoadKb}) — ${check(js.kb <= BUDGET.firstLoadKb)}`,
    );
    console.log([lines.at(-1), ...(values.verbose ? js.each : [])].join('\n'));
  }
  if (!values['js-only']) {
    if (values.front) front = await startBenchFront();
    if (values.reference) reference = await startReference();
    await browsingBudgets(ideaPath, pages);
  }
} finally {
  await front?.stop();
  await server.stop();
}

/** The production front (deploy/nginx.conf) in front of the server, over HTTPS with a certificate made for the run. */
async function startBenchFront() {
  const dir = mkdtempSync(join(tmpdir(), 'sopka-front-'));
  const removeDir = () => rmSync(dir, { recursive: true, force: true });
  let nginx;
  try {
    nginx = await startFront({
      listen: `127.0.0.1:${FRONT_PORT}`,
      url: PAGES_BASE,
      upstreamPorts: [PORT],
      runDir: join(dir, 'run'),
      tls: makeLocalCertificate(dir),
      output: () => {},
    });
  } catch (error) {
    // The run's private key goes with the front that did not start.
    removeDir();
    throw error;
  }
  return {
    async stop() {
      await stopFront(nginx);
      removeDir();
    },
  };
}

/** Lighthouse of each page and the requests per second of an idea page against a static file. */
async function browsingBudgets(ideaPath, pages) {
  // Warm the page caches and the image optimizer's the way a live site has them: one unmeasured visit per page.
  // A cold optimizer resizes covers with sharp on both cores during the first run, starving the browser on
  // this machine; its first paint then came up to a second after the load event.
  for (const path of pages) lighthouse(PAGES_BASE + path, chromium);

  if (reference) lighthouse(reference.page, chromium);
  // Run by run, the pages in turn (and the example after them): a machine whose speed drifts moves them alike.
  const runsOf = new Map([...pages, ...(reference ? [reference.page] : [])].map((path) => [path, []]));
  for (let round = 0; round < Number(values.runs); round++)
    for (const [path, runs] of runsOf)
      runs.push(path === reference?.page ? lighthouse(path, chromium) : lighthouse(PAGES_BASE + path, chromium));
  for (const path of pages) {
    const runs = runsOf.get(path);
    const scores = Object.fromEntries(
      Object.keys(runs[0].scores).map((key) => [key, median(runs.map((r) => r.scores[key]))]),
    );
    benchmarkIndexes.push(...runs.map((r) => r.benchmarkIndex));
    const ok = Object.entries(scores).every(([key, score]) => score >= BUDGET[key]);
    lines.push(
      `Lighthouse mobile ${path}${values.front ? ' through the front' : ''}: performance ${scores.performance}${eachRun(runs.map((r) => r.scores.performance))}, accessibility ${scores.accessibility}, best practices ${scores['best-practices']}, SEO ${scores.seo}` +
        ` (${metricsLine(runs)}) — ${check(ok)}` +
        (runs[0].failing.length ? `\n  audits below 0.9: ${runs[0].failing.join(', ')}` : ''),
    );
    console.log(lines.at(-1));
  }
  if (reference) {
    const runs = runsOf.get(reference.page);
    lines.push(
      `  next-intl's example setup /en, in the same rounds: performance ${median(runs.map((r) => r.scores.performance))}${eachRun(runs.map((r) => r.scores.performance))} (${metricsLine(runs)})`,
    );
    console.log(lines.at(-1));
  }

  // What a crawler or browser preferring English gets at `/` (sent on to /en) must lose no SEO points either.
  const english = lighthouse(`${PAGES_BASE}/`, chromium, { acceptLanguage: 'en-US,en;q=0.9', categories: 'seo' });
  lines.push(
    `Lighthouse SEO of / with an English Accept-Language: ${english.scores.seo} — ${check(english.scores.seo >= BUDGET.seo)}` +
      (english.failing.length ? `\n  audits below 0.9: ${english.failing.join(', ')}` : ''),
  );
  console.log(lines.at(-1));

  // Lighthouse's own CPU yardstick for this machine: scores from machines whose index differs much are not comparable.
  lines.push(
    `Lighthouse benchmark index of this machine: ${median(benchmarkIndexes)} (median of ${benchmarkIndexes.length} runs)`,
  );
  console.log(lines.at(-1));

  const duration = Number(values.duration);
  const page = await requestsPerSecond(ideaPath, duration);
  const file = await requestsPerSecond(STATIC_FILE, duration);
  ideaRatio = page.rps / file.rps;
  lines.push(
    `Requests per second at 16 connections: ${ideaPath} ${page.rps.toFixed(0)} (p99 ${page.p99} ms), static file ${file.rps.toFixed(0)} (p99 ${file.p99} ms)` +
      ` — ratio ${ideaRatio.toFixed(2)} (budget ≥ ${BUDGET.rpsRatio}) — ${check(ideaRatio >= BUDGET.rpsRatio && page.errors === 0)}`,
  );
  console.log(lines.at(-1));
  // For comparison, not a budget: a page of this app prerendered at build time, the most a cached page can reach.
  const prerendered = await requestsPerSecond(PRERENDERED_PAGE, duration);
  lines.push(
    `  for comparison, ${PRERENDERED_PAGE} (prerendered at build): ${prerendered.rps.toFixed(0)} (p99 ${prerendered.p99} ms) — ratio ${(prerendered.rps / file.rps).toFixed(2)}`,
  );
  console.log(lines.at(-1));
}
if (reference) {
  const example = await referenceRatio(reference, Number(values.duration)).finally(reference.stop);
  // The budget is set where the example gets 0.28; the ratios of both move with the machine, their quotient less.
  lines.push(
    example.line,
    `  the idea page's ratio is ${(ideaRatio / example.ratio).toFixed(2)}× the example's in this run` +
      ` (the budget, ${BUDGET.rpsRatio} where the example gets ${BUDGET_REFERENCE_RATIO}, is ${(BUDGET.rpsRatio / BUDGET_REFERENCE_RATIO).toFixed(2)}×)`,
  );
  console.log(lines.slice(-2).join('\n'));
}
console.log(`\n${lines.join('\n')}\n\n${pass ? 'Every budget is met.' : 'Some budgets are not met.'}`);
process.exitCode = pass ? 0 : 1;
