// What the benchmarks (and fuzz:api) that serve the build share: preparing a generated database on PGlite or
// PostgreSQL, starting `next start` on loopback and waiting for it, signing in through the API, and the server's
// memory as the kernel sees it.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, openSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';

export const DEFAULT_PG_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** The options of a benchmark run on both databases (bench:api, bench:soak), which share their databases. */
export const databaseOptions = (port) => ({
  backends: 'pglite,postgres',
  port: String(port),
  'pg-prefix': 'sopka_bench',
  'pg-url': DEFAULT_PG_URL,
});

/**
 * A script's command line, parsed (unknown options are refused): each option named with its default, a string, or
 * `false` for a flag, or `undefined` for a string option with no default.
 */
export function commandOptions(defaults) {
  const options = Object.fromEntries(
    Object.entries(defaults).map(([name, value]) => [
      name,
      typeof value === 'boolean'
        ? { type: 'boolean', default: value }
        : { type: 'string', ...(value === undefined ? {} : { default: value }) },
    ]),
  );
  return parseArgs({ options }).values;
}

/** A date `offset` days from today, as the listing filters write it (10:00 UTC, so the same day in Vladivostok). */
export const dayFromToday = (offset) =>
  new Date(Date.now() + offset * 86_400_000 + 10 * 3_600_000).toISOString().slice(0, 10);

/** Runs a command to its end with the output shown, and fails when it fails. */
export function run(command, args, env = {}, cwd = undefined) {
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env }, cwd });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed`);
}

export function buildIfMissing() {
  if (!existsSync('.next/BUILD_ID')) run('npx', ['next', 'build']);
}

export async function postgresReachable(url) {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2_000 });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}

/** The backends asked for that can run here: PostgreSQL only when it answers. */
export async function availableBackends(list, pgUrl) {
  const backends = [];
  for (const backend of list.split(',')) {
    if (backend === 'postgres' && !(await postgresReachable(pgUrl))) {
      console.log('PostgreSQL is not reachable: skipping it.');
      continue;
    }
    backends.push(backend);
  }
  return backends;
}

/**
 * A database with the seed and `size` generated ideas (made on first use, kept for the next run), as the server's
 * environment: PGlite under `<dataDir>/<size>`, PostgreSQL in the database `<pgPrefix>_<size>`.
 */
export async function prepareDatabase(backend, size, { dataDir, pgPrefix, pgUrl }) {
  if (backend === 'pglite') {
    const dir = `${dataDir}/${size}`;
    if (!existsSync(`${dir}/db`))
      run('npm', ['run', '--silent', 'db:fake', '--', '--ideas', String(size)], { DATA_DIR: dir });
    return { DATA_DIR: dir };
  }
  const name = `${pgPrefix}_${size}`;
  const admin = new pg.Client({ connectionString: pgUrl });
  await admin.connect();
  const exists = (await admin.query('select 1 from pg_database where datname = $1', [name])).rowCount > 0;
  if (!exists) await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  const url = new URL(pgUrl);
  url.pathname = `/${name}`;
  if (!exists)
    run('npm', ['run', '--silent', 'db:fake', '--', '--ideas', String(size)], { DATABASE_URL: url.toString() });
  return { DATABASE_URL: url.toString(), DATA_DIR: `${dataDir}/pg` };
}

/**
 * `next start` of the build on localhost, in a process group of its own (stop() ends it all). Next serves in the
 * process it is started as, so `pid` is the server's own. Its output goes to `log` when given.
 */
export function startServer({ port, env = {}, log }) {
  let stdio = 'ignore';
  if (log) {
    mkdirSync(path.dirname(log), { recursive: true });
    stdio = ['ignore', openSync(log, 'w'), openSync(log, 'a')];
  }
  const child = spawn(
    process.execPath,
    ['node_modules/next/dist/bin/next', 'start', '-H', 'localhost', '-p', String(port)],
    { env: { ...process.env, ...env }, stdio, detached: true },
  );
  return {
    child,
    pid: child.pid,
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      process.kill(-child.pid, 'SIGTERM');
      // The server drains open requests first; one that hangs must not hold the benchmark.
      const killer = setTimeout(() => process.kill(-child.pid, 'SIGKILL'), 15_000);
      await exited;
      clearTimeout(killer);
    },
  };
}

/** Resolves once `url` answers 200 from the started server; fails when the server stops or after `seconds`. */
export async function waitForServer(child, url, seconds = 600) {
  for (let i = 0; i < seconds * 2; i++) {
    if (child.exitCode !== null) throw new Error('the server stopped');
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`the server did not answer ${url} in ${seconds} s`);
}

/** A process's resident memory in MB (VmRSS of /proc/<pid>/status), or null once it has gone. */
export function residentMegabytes(pid) {
  try {
    const kb = /^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return kb ? Number(kb[1]) / 1024 : null;
  } catch {
    return null;
  }
}

/** The resident memory in MB of a process and all its descendants (`next start` forks its server). */
export function treeResidentMegabytes(pid) {
  let mb = 0;
  const pending = [pid];
  while (pending.length) {
    const next = pending.pop();
    const own = residentMegabytes(next);
    if (own === null) continue;
    mb += own;
    pending.push(...childPids(next));
  }
  return mb;
}

function childPids(pid) {
  try {
    return readdirSync(`/proc/${pid}/task`).flatMap((task) =>
      readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').split(' ').filter(Boolean).map(Number),
    );
  } catch {
    return [];
  }
}

/** Signs in through the API: the bearer header, and the account's id and hid (POST /auth/me). */
export async function signInByApi(base, { email, password }) {
  const login = await fetch(`${base}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (!login.ok) throw new Error(`signing in as ${email} failed: ${login.status}`);
  const authorization = `Bearer ${(await login.json()).token}`;
  const me = await fetch(`${base}/api/v1/auth/me`, { method: 'POST', headers: { authorization } });
  if (!me.ok) throw new Error(`POST /auth/me failed: ${me.status}`);
  const { id, hid } = (await me.json()).data;
  return { authorization, id, hid };
}

/** Milliseconds of CPU a process has used so far, user and system, all its threads (/proc/<pid>/stat). */
function cpuMilliseconds(pid) {
  return processCpu(readFileSync(`/proc/${pid}/stat`, 'utf8')).milliseconds;
}

/** A /proc/<pid>/stat line's command name and the CPU it has used, user and system, in ms. */
function processCpu(stat) {
  // The command name is in parentheses and may hold spaces; after it, utime and stime are the 12th and 13th fields.
  const close = stat.lastIndexOf(') ');
  const fields = stat.slice(close + 2).split(' ');
  const ticksPerSecond = 100;
  return {
    command: stat.slice(stat.indexOf('(') + 1, close),
    milliseconds: ((Number(fields[11]) + Number(fields[12])) * 1000) / ticksPerSecond,
  };
}

/**
 * Milliseconds of CPU used so far by this machine's PostgreSQL processes (its connections' backends and its own
 * workers): measured around a run, PostgreSQL's share of it, which `cpuMilliseconds` of the app leaves out.
 */
function postgresCpuMilliseconds() {
  let total = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const { command, milliseconds } = processCpu(readFileSync(`/proc/${entry}/stat`, 'utf8'));
      if (command === 'postgres') total += milliseconds;
    } catch {
      // The process ended meanwhile.
    }
  }
  return total;
}

/**
 * Runs `load` (an autocannon run, resolving with its result) and measures, per answer, the CPU the server process
 * and this machine's PostgreSQL used meanwhile: unlike latency, that holds when other work shares the cores.
 */
export async function withCpuPerAnswer(serverPid, load) {
  const server = cpuMilliseconds(serverPid);
  const database = postgresCpuMilliseconds();
  const result = await load();
  const answers = result.requests.total;
  return {
    result,
    serverCpu: (cpuMilliseconds(serverPid) - server) / answers,
    databaseCpu: (postgresCpuMilliseconds() - database) / answers,
  };
}

export const median = (numbers) => [...numbers].sort((a, b) => a - b)[Math.floor(numbers.length / 2)];
