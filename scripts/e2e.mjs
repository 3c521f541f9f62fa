// `npm run test:e2e`: a fresh production build and a freshly seeded database of its own (DATA_DIR=data/e2e),
// then the Playwright journeys against `next start`.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { findChromium } from './chromium.mjs';
import { PLAYWRIGHT_REPORT, specSeconds } from './lib/e2e-timings.mjs';

let chromium;
try {
  chromium = await findChromium({ headlessShell: true });
} catch (error) {
  console.error(error.message);
  process.exit(1);
}

const env = { ...process.env, CHROMIUM_PATH: chromium, DATA_DIR: process.env.E2E_DATA_DIR ?? 'data/e2e' };
/** Seconds of each stage, printed at the end (and when one fails): where a CI run's time goes. */
const stages = [];
const printTimings = () => {
  console.log('\n== test:e2e, seconds per stage');
  for (const [name, seconds] of stages) console.log(`${seconds.toFixed(0).padStart(6)}s  ${name}`);
  if (!existsSync(PLAYWRIGHT_REPORT)) return;
  console.log('\n== Playwright, seconds per spec file (both projects, retries included)');
  for (const [file, seconds] of specSeconds(JSON.parse(readFileSync(PLAYWRIGHT_REPORT, 'utf8'))))
    console.log(`${seconds.toFixed(0).padStart(6)}s  ${file}`);
};
const run = (command, args, extraEnv = {}) => {
  const started = performance.now();
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...env, ...extraEnv } });
  stages.push([[command, ...args].join(' '), (performance.now() - started) / 1000]);
  if (result.status !== 0) {
    printTimings();
    process.exit(result.status ?? 1);
  }
};

if (!process.env.E2E_SKIP_BUILD) run('npx', ['next', 'build']);
if (!process.env.DATABASE_URL) rmSync(`${env.DATA_DIR}/db`, { recursive: true, force: true });
// Pages rendered at run time (idea pages) are kept under .next/server/route-cache and outlive `next start`;
// with E2E_SKIP_BUILD they would show the previous run's database instead of this fresh one.
rmSync('.next/server/route-cache', { recursive: true, force: true });
rmSync(PLAYWRIGHT_REPORT, { force: true });
run('npm', ['run', '--silent', 'db:prepare']);
// The checks that need the real server's sockets (tests/server), on the port Playwright uses next: one file at a
// time, since every file starts its server on that port.
if (!process.env.E2E_SKIP_SERVER_TESTS)
  run('npx', ['vitest', 'run', '--project', 'server', '--no-file-parallelism'], {
    SERVER_TEST_PORT: process.env.E2E_PORT ?? '3100',
  });
const specs = process.argv.slice(2);
const paymentSpecs = specs.filter((spec) => spec.includes('payments/'));
if (specs.length === 0 || paymentSpecs.length < specs.length)
  run('npx', ['playwright', 'test', ...specs.filter((spec) => !spec.includes('payments/'))]);
// Paying online: a server of its own with each gateway's emulator in turn, after the journeys above (the idea pages
// it renders, which say what is paid online, are cached under .next: theirs are dropped first, and these after
// each). A spec named on the command line runs with its gateway only (the other finds no test of it).
if (specs.length === 0 || paymentSpecs.length > 0)
  for (const gateway of ['yookassa', 'stripe']) {
    rmSync('.next/server/route-cache', { recursive: true, force: true });
    run(
      'npx',
      ['playwright', 'test', '--config', 'playwright.payments.config.ts', '--pass-with-no-tests', ...paymentSpecs],
      { E2E_GATEWAY: gateway },
    );
    rmSync('.next/server/route-cache', { recursive: true, force: true });
  }
// The cluster journey (nginx and two instances on PostgreSQL, Redis and S3) last, on a database of its own: the
// pages it renders are kept under .next, so the journeys above must not see them, and running alone keeps its
// timing checks off the other servers' cores.
if (!process.env.E2E_SKIP_CLUSTER_TESTS) run('npx', ['vitest', 'run', '--project', 'cluster']);
printTimings();
