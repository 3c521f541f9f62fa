// `npm run bench:budgets`: holds the line on what a page costs, against the figures committed in
// docs/performance.md (its `budgets` JSON block), and fails when a page got heavier:
//   - first-load JavaScript of the public pages and of the signed-in pages of the wave (deterministic: the same
//     build gives the same bytes), against each page's ceiling: its target, or, while a page is still over its
//     target, the committed figure it may not grow past;
//   - unless --js-only: the server's CPU per uncached render of a filtered /go, an idea page and a guide page (and,
//     with no budget, of a page that reads nothing: the shell every page renders), on
//     PGlite with 1 000 generated ideas, against the committed figure + 20 % (CPU per answer holds when other work
//     shares the cores, unlike latency, but still moves a little with the machine: run it on a quiet one).
// `.ci/run` runs the JS part. Options: --js-only, --build, --verbose (each script), --port 3320,
// --seconds 8 (per kind and round of the CPU part), --rounds 3, --update (write this run's figures into the block).
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import autocannon from 'autocannon';
import {
  buildIfMissing,
  commandOptions,
  dayFromToday,
  median,
  prepareDatabase,
  run,
  startServer,
  waitForServer,
  withCpuPerAnswer,
} from './bench-support.mjs';
import { firstLoadJs } from './lib/first-load-js.mjs';

const values = commandOptions({
  'js-only': false,
  build: false,
  verbose: false,
  update: false,
  port: '3320',
  seconds: '8',
  rounds: '3',
});
const PORT = Number(values.port);
const BASE = `http://localhost:${PORT}`;
const BUDGETS_FILE = 'docs/performance.md';
const BUDGETS_BLOCK = /```json budgets\n([\s\S]*?)\n```/;
/** How much a figure may move before it counts as growth: gzip of the same build is exact, CPU is not. */
const JS_SLACK_KB = 0.3;
const CPU_GROWTH = 1.2;
/** The signed-in pages are measured as the first demo guide (lib/server/demo), who has bookings and earnings. */
const DEMO_GUIDE = { email: 'anna@demo.sopka.travel', password: 'sopka-author-2026' };

const budgets = JSON.parse(readFileSync(BUDGETS_FILE, 'utf8').match(BUDGETS_BLOCK)[1]);
const measured = { firstLoadKb: {}, cpuMs: {} };
let pass = true;

function verdict(figure, { target, committed }, slack) {
  const ceiling = Math.max(target, committed) + slack;
  const ok = figure <= ceiling;
  pass &&= ok;
  if (!ok) return `GREW (ceiling ${ceiling.toFixed(1)})`;
  return figure <= target ? 'ok' : `held, still over the target of ${target}`;
}

/** A server of the build on `env`'s database, with the page cache of earlier runs dropped (renders are measured). */
async function withServer(env, log, body) {
  rmSync('.next/server/route-cache', { recursive: true, force: true });
  const server = startServer({ port: PORT, env: { ...env, LOG_LEVEL: 'warn' }, log });
  try {
    await waitForServer(server.child, `${BASE}/api/v1/config`, 120);
    return await body(server);
  } finally {
    await server.stop();
    rmSync('.next/server/route-cache', { recursive: true, force: true });
  }
}

/** The session cookies of the demo guide, signed in through the API as the browser would be. */
async function sessionCookie() {
  const response = await fetch(`${BASE}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(DEMO_GUIDE),
  });
  if (!response.ok) throw new Error(`signing in as the demo guide failed: ${response.status}`);
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
}

async function firstLoadBudgets() {
  const DATA_DIR = 'data/bench-budgets';
  // A fresh database each run: the pages' scripts do not depend on it, and a directory left by a killed run may not open.
  rmSync(DATA_DIR, { recursive: true, force: true });
  run('npm', ['run', '--silent', 'db:prepare'], { DATA_DIR });
  await withServer({ DATA_DIR }, `${DATA_DIR}/server.log`, async () => {
    const { data } = await (await fetch(`${BASE}/api/v1/ideas?limit=1`)).json();
    const cookie = await sessionCookie();
    console.log('First-load JS, gzipped (kB):');
    for (const [page, budget] of Object.entries(budgets.firstLoadKb)) {
      const path = page.replace('{id}', data[0].hid);
      const js = await firstLoadJs(BASE, path, page.startsWith('/go') || page === '/' ? {} : { cookie });
      measured.firstLoadKb[page] = Number(js.kb.toFixed(1));
      console.log(`  ${page.padEnd(20)} ${js.kb.toFixed(1).padStart(6)}  ${verdict(js.kb, budget, JS_SLACK_KB)}`);
      if (values.verbose) console.log(js.each.join('\n'));
    }
  });
}

/**
 * The kinds measured, as path makers: idea and guide pages cycle through the generated ideas and their guides, the
 * filtered listing through distinct date ranges. Idea and guide pages are kept by the page cache once rendered:
 * Next's draft-mode cookie (the build's preview id) makes each request render, as a revalidation would.
 */
async function renderKinds() {
  const ideas = [];
  for (let page = 1; page <= 5; page++)
    ideas.push(...(await (await fetch(`${BASE}/api/v1/ideas?limit=100&page=${page}`)).json()).data);
  const guides = [...new Set(ideas.map((idea) => idea.relationships?.author?.data?.hid).filter(Boolean))];
  if (guides.length === 0) throw new Error('the listing names no guides');
  let turn = 0;
  const next = (list) => list[turn++ % list.length];
  return {
    'filtered /go': () =>
      `/go?category_id=${1 + (turn % 4)}&date_from=${dayFromToday(1)}&date_to=${dayFromToday(8 + (turn++ % 300))}`,
    '/go/{id}': () => `/go/${next(ideas).hid}`,
    '/authors/{hid}': () => `/authors/${next(guides)}`,
    // No budget: a page that reads nothing shows what every page pays for the layout, header, footer and messages.
    'shell (/info/infoAbout)': () => '/info/infoAbout',
  };
}

async function cpuBudgets() {
  const env = await prepareDatabase('pglite', 1000, { dataDir: 'data/bench' });
  await withServer(env, `${env.DATA_DIR}/budgets-server.log`, async (server) => {
    const kinds = await renderKinds();
    const { previewModeId } = JSON.parse(readFileSync('.next/prerender-manifest.json', 'utf8')).preview;
    const load = (path) =>
      autocannon({
        url: BASE,
        connections: 4,
        headers: { cookie: `__prerender_bypass=${previewModeId}` },
        duration: Number(values.seconds),
        requests: [{ method: 'GET', setupRequest: (request) => ({ ...request, path: path() }) }],
      });
    // A render's code is compiled for speed only after some hundreds of answers: a first round, not measured.
    for (const path of Object.values(kinds)) await load(path);
    const rounds = Object.fromEntries(Object.keys(kinds).map((kind) => [kind, []]));
    for (let round = 0; round < Number(values.rounds); round++)
      for (const [kind, path] of Object.entries(kinds)) {
        const { result, serverCpu } = await withCpuPerAnswer(server.pid, () => load(path));
        if (result.non2xx + result.errors > 0) throw new Error(`${kind}: ${result.non2xx + result.errors} failed`);
        rounds[kind].push(serverCpu);
      }
    console.log('Server CPU per uncached render, PGlite, 1 000 ideas (ms, median of the rounds):');
    for (const [kind, figures] of Object.entries(rounds)) {
      const ms = median(figures);
      const budget = budgets.cpuMs[kind];
      if (budget) measured.cpuMs[kind] = Number(ms.toFixed(1));
      const line = budget ? verdict(ms, { target: budget.target, committed: budget.committed * CPU_GROWTH }, 0) : '';
      console.log(
        `  ${kind.padEnd(20)} ${ms.toFixed(1).padStart(6)}  (${figures.map((f) => f.toFixed(1)).join(', ')})  ${line}`,
      );
    }
  });
}

if (values.build) run('npx', ['next', 'build']);
else buildIfMissing();
await firstLoadBudgets();
if (!values['js-only']) await cpuBudgets();
if (values.update) {
  for (const [group, figures] of Object.entries(measured))
    for (const [key, figure] of Object.entries(figures)) budgets[group][key].committed = figure;
  const text = readFileSync(BUDGETS_FILE, 'utf8');
  writeFileSync(
    BUDGETS_FILE,
    text.replace(BUDGETS_BLOCK, '```json budgets\n' + JSON.stringify(budgets, null, 2) + '\n```'),
  );
  // The block as the format check wants it.
  run('npx', ['prettier', '--write', BUDGETS_FILE]);
  console.log(`The figures of this run are now the committed ones in ${BUDGETS_FILE}.`);
}
console.log(pass ? '\nNo page got heavier.' : '\nA page got heavier than its committed figure.');
process.exitCode = pass ? 0 : 1;
