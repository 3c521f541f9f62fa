// `npm run bench:start`: how long a fresh clone takes to serve. Clones the committed HEAD (or --ref) into a
// temporary folder, gives it node_modules, runs `npm start` there with a DATA_DIR of its own and times each phase
// up to the first 200 on `/`; prints a table and removes the clone.
// node_modules: hard-linked from this checkout by default (`cp -al`, a second or two: what a clone gets is the
// same packages, without the registry's download time); --install runs `npm install` in the clone instead, the
// README's command as it is, with this machine's npm cache, or with an empty one of its own (--cold-cache: a fresh
// machine's, every package downloaded).
// Wall time on a shared machine follows its load, so the table also gives the CPU time each step used.
// Options: --ref <commit>, --install, --cold-cache, --port 3210, --keep (leave the clone for a look).
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';

const { values } = parseArgs({
  options: {
    ref: { type: 'string', default: 'HEAD' },
    install: { type: 'boolean', default: false },
    'cold-cache': { type: 'boolean', default: false },
    port: { type: 'string', default: '3210' },
    keep: { type: 'boolean', default: false },
  },
});
const BASE = `http://127.0.0.1:${values.port}`;
const FIRST_PAGE_TIMEOUT_MS = 30 * 60_000;
/** The unit of the CPU times in /proc. */
const CLOCK_TICKS = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }));

const seconds = (ms) => (ms / 1000).toFixed(1);
const phases = [];
async function phase(name, work) {
  const started = Date.now();
  const result = await work();
  phases.push([name, Date.now() - started]);
  return result;
}

const commit = execFileSync('git', ['rev-parse', '--verify', `${values.ref}^{commit}`], { encoding: 'utf8' }).trim();
const clone = mkdtempSync(join(tmpdir(), 'sopka-bench-start-'));
const npmCache = values['cold-cache'] ? mkdtempSync(join(tmpdir(), 'sopka-bench-start-cache-')) : undefined;
const inClone = {
  cwd: clone,
  stdio: 'inherit',
  env: npmCache ? { ...process.env, npm_config_cache: npmCache } : process.env,
};
let server;
let exited;
try {
  await phase('git clone', () => {
    execFileSync('git', ['clone', '--quiet', '--no-checkout', process.cwd(), clone], { stdio: 'inherit' });
    execFileSync('git', ['checkout', '--quiet', commit], inClone);
  });
  const installName = values.install
    ? `npm install (${npmCache ? 'empty' : "this machine's"} npm cache)`
    : 'node_modules (hard links)';
  const cpuBefore = waitedForCpuSeconds();
  await phase(installName, () =>
    values.install
      ? execFileSync('npm', ['install'], inClone)
      : execFileSync('cp', ['-al', join(process.cwd(), 'node_modules'), join(clone, 'node_modules')]),
  );
  const installCpu = waitedForCpuSeconds() - cpuBefore;

  // `npm start` prints what it did; each line is timed from the start, so its phases show without changing it.
  const lines = [];
  const started = Date.now();
  server = spawn('npm', ['start'], {
    cwd: clone,
    env: { ...process.env, PORT: values.port, DATA_DIR: join(clone, 'data'), NEXT_TELEMETRY_DISABLED: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  for (const stream of [server.stdout, server.stderr]) {
    stream.setEncoding('utf8');
    stream.on('data', (chunk) => {
      process.stdout.write(chunk);
      for (const line of chunk.split('\n')) if (line.trim()) lines.push([Date.now() - started, line]);
    });
  }
  exited = new Promise((resolve) => server.on('exit', resolve));
  await phase('npm start → first 200 on /', async () => {
    while (Date.now() - started < FIRST_PAGE_TIMEOUT_MS) {
      const code = await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 250))]);
      if (code !== undefined) throw new Error(`npm start exited with ${code} before serving`);
      const status = await fetch(`${BASE}/`)
        .then((response) => response.status)
        .catch(() => 0);
      if (status === 200) return;
    }
    throw new Error('no 200 on / in 30 minutes');
  });
  const cpu = cpuSeconds(server.pid);
  const at = (pattern) => lines.find(([, line]) => pattern.test(line))?.[0];
  const marks = [
    ['  next build done', at(/^Route \(app\)/)],
    ['  database ready', at(/Database ready/)],
    ['  next start ready', at(/✓ Ready in/)],
  ];

  const total = phases.reduce((sum, [, ms]) => sum + ms, 0);
  const load = loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');
  console.log(`\nFresh clone of ${values.ref} (${commit.slice(0, 7)}) → first 200 on /, load average ${load}\n`);
  console.log('phase                                  seconds');
  for (const [name, ms] of phases) console.log(`${name.padEnd(38)} ${seconds(ms).padStart(7)}`);
  for (const [name, ms] of marks)
    if (ms !== undefined) console.log(`${name.padEnd(38)} ${`at ${seconds(ms)}`.padStart(7)}`);
  console.log(`${'total'.padEnd(38)} ${seconds(total).padStart(7)}`);
  console.log(`${`CPU time of ${installName.replace(/ \(.*/, '')}`.padEnd(38)} ${installCpu.toFixed(1).padStart(7)}`);
  console.log(`${'CPU time of npm start up to then'.padEnd(38)} ${cpu.toFixed(1).padStart(7)}`);
} finally {
  if (server?.exitCode === null) {
    process.kill(-server.pid, 'SIGTERM');
    await exited;
  }
  if (values.keep) console.log(`clone kept in ${clone}`);
  else rmSync(clone, { recursive: true, force: true });
  if (npmCache) rmSync(npmCache, { recursive: true, force: true });
}

/** CPU seconds of this process's finished children (cutime and cstime of /proc/self/stat). */
function waitedForCpuSeconds() {
  const stat = readFileSync('/proc/self/stat', 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[13]) + Number(fields[14])) / CLOCK_TICKS;
}

/**
 * CPU seconds used by a process and everything under it, from /proc: its live processes' own time plus the time
 * of the children they have waited for (a finished `next build` counts in `npm start`'s).
 */
function cpuSeconds(root) {
  const processes = new Map();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let stat;
    try {
      stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
    } catch {
      continue;
    }
    // Fields after the command's closing parenthesis: state is the first, ppid the second, utime the 12th.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = fields.slice(11, 15).reduce((sum, field) => sum + Number(field), 0);
    processes.set(Number(entry), { parent: Number(fields[1]), ticks });
  }
  const under = (pid) => pid === root || (pid > 1 && processes.has(pid) && under(processes.get(pid).parent));
  let ticks = 0;
  for (const [pid, { ticks: own }] of processes) if (under(pid)) ticks += own;
  return ticks / CLOCK_TICKS;
}
