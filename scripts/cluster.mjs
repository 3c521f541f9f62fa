// The local cluster: N `next start` processes on PostgreSQL behind nginx (deploy/nginx.conf). Started and stopped
// here for `npm run start:cluster`, `npm run bench:cluster` and the cluster journey (tests/cluster), so all three
// run exactly the same stack.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildIsStale } from './build-state.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const NEXT_BIN = path.join(ROOT, 'node_modules/.bin/next');
const START_TIMEOUT_MS = 120_000;
const STOP_TIMEOUT_MS = 20_000;

/** Debian's nginx: on PATH for root, in /usr/sbin otherwise. */
export function findNginx() {
  for (const candidate of ['nginx', '/usr/sbin/nginx']) {
    if (spawnSync(candidate, ['-v'], { stdio: 'ignore' }).status === 0) return candidate;
  }
  throw new Error('nginx is not installed: apt-get install -y nginx');
}

/** deploy/nginx.conf with this run's values. */
export function renderNginxConfig({ listen, upstreamPorts, runDir }) {
  const upstreams = upstreamPorts.map((port) => `server 127.0.0.1:${port} max_fails=2 fail_timeout=5s;`).join('\n    ');
  return readFileSync(path.join(ROOT, 'deploy/nginx.conf'), 'utf8')
    .replaceAll('{{LISTEN}}', String(listen))
    .replaceAll('{{UPSTREAMS}}', upstreams)
    .replaceAll('{{RUN_DIR}}', runDir)
    .replaceAll('{{NEXT_STATIC}}', path.join(ROOT, '.next/static'));
}

const delay = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** The status of a GET, or 0 when nothing answers. */
async function statusOf(url) {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(5_000) });
    await response.arrayBuffer();
    return response.status;
  } catch {
    return 0;
  }
}

/**
 * Ready means /api/ready answers 200. A build without it (it answers 404) counts /api/health's 200, and a build
 * without either counts any HTTP answer of /api/v1/config: the server is listening and routing.
 */
async function isReady(base) {
  const ready = await statusOf(`${base}/api/ready`);
  if (ready !== 404) return ready === 200;
  const health = await statusOf(`${base}/api/health`);
  if (health !== 404) return health === 200;
  return (await statusOf(`${base}/api/v1/config`)) !== 0;
}

const exited = (child) =>
  child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve({ code: child.exitCode, signal: child.signalCode })
    : new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));

/** Sends `signal` and waits for the exit; SIGKILL after the stop timeout. */
async function stopChild(child, signal) {
  if (child.exitCode !== null || child.signalCode !== null) return { code: child.exitCode, signal: child.signalCode };
  const exit = exited(child);
  child.kill(signal);
  const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
  const result = await exit;
  clearTimeout(timer);
  return result;
}

/** Writes a child's output line by line with a prefix naming it. */
function forward(child, prefix, output) {
  for (const stream of [child.stdout, child.stderr]) {
    if (!stream) continue;
    let pending = '';
    stream.setEncoding('utf8');
    stream.on('data', (chunk) => {
      const lines = (pending + chunk).split('\n');
      pending = lines.pop();
      for (const line of lines) output(`${prefix} ${line}`);
    });
  }
}

/**
 * Every process shares one token key. Without JWT_SECRET in development, the key kept under DATA_DIR (the one a
 * single process would generate on its first sign-in) is made here, once, before the processes could race to it.
 * A deployment (APP_ENV=production) gets no made-up key: its processes refuse to start without JWT_SECRET.
 */
function sharedJwtSecret(environment) {
  if (environment.JWT_SECRET || environment.APP_ENV === 'production') return environment.JWT_SECRET;
  const file = path.resolve(ROOT, environment.DATA_DIR || './data', 'jwt-secret');
  if (!existsSync(file)) {
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, randomBytes(48).toString('base64url'), { mode: 0o600 });
  }
  return readFileSync(file, 'utf8').trim();
}

function run(command, args, environment) {
  const result = spawnSync(command, args, { cwd: ROOT, env: environment, stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed (${result.status ?? result.signal})`);
}

/**
 * Starts the cluster and resolves once nginx answers and every instance is ready.
 * - `instances` app processes on ports `appPort`, `appPort + 1`, … (127.0.0.1 only), nginx on `host`:`port`;
 * - `env` overrides the environment (DATABASE_URL is required); `instanceEnv(index)` adds per-process values;
 * - `build` rebuilds a stale build first, `prepare` runs `db:prepare` once;
 * - `output(line)` receives every line the processes print (prefixed with their name).
 * An instance that exits before it is ready stops everything and rejects.
 */
export async function startCluster({
  instances = 2,
  port,
  host = '127.0.0.1',
  appPort = port + 1,
  runDir,
  env = {},
  instanceEnv = () => ({}),
  build = true,
  prepare = true,
  output = (line) => console.log(line),
}) {
  const environment = { ...process.env, ...env };
  if (!environment.DATABASE_URL)
    throw new Error(
      'DATABASE_URL is required: every instance must use the same PostgreSQL (e.g. postgres://postgres@127.0.0.1:5432/sopka).',
    );
  if (!environment.REDIS_URL)
    output('Warning: REDIS_URL is not set; each instance keeps its own page cache, so pages can be stale across them.');
  const nginxBinary = findNginx();
  if (build && buildIsStale()) run('npx', ['next', 'build'], environment);
  if (prepare) run('npm', ['run', '--silent', 'db:prepare'], environment);

  const shared = {
    ...environment,
    NODE_ENV: 'production',
    // nginx appends the client's address to X-Forwarded-For: the one proxy hop the app trusts.
    TRUST_PROXY_HOPS: '1',
    // The instances drain on SIGTERM (instrumentation.ts), which Next allows only with this in their environment.
    NEXT_MANUAL_SIG_HANDLE: 'true',
    SITE_URL: environment.SITE_URL || `http://localhost:${port}`,
  };
  const jwtSecret = sharedJwtSecret(environment);
  if (jwtSecret) shared.JWT_SECRET = jwtSecret;
  const started = [];
  const cluster = {
    url: `http://${host === '0.0.0.0' ? '127.0.0.1' : host}:${port}`,
    runDir,
    instances: started,
    nginx: undefined,
    /** SIGTERM to one instance; resolves with its exit. */
    stopInstance: (index) => stopChild(started[index].child, 'SIGTERM'),
    /** SIGTERM to every instance (they drain), then nginx finishes its requests and quits. */
    async stop() {
      const exits = await Promise.all(started.map(({ child }) => stopChild(child, 'SIGTERM')));
      if (cluster.nginx) await stopChild(cluster.nginx, 'SIGQUIT');
      return exits;
    },
  };

  try {
    for (let index = 0; index < instances; index++) {
      const instancePort = appPort + index;
      const child = spawn(NEXT_BIN, ['start', '-H', '127.0.0.1', '-p', String(instancePort)], {
        cwd: ROOT,
        env: { ...shared, PORT: String(instancePort), ...instanceEnv(index) },
        stdio: ['ignore', 'pipe', 'pipe'],
        // Its own process group: Ctrl-C reaches the launcher only, which then stops the processes in order.
        detached: true,
      });
      forward(child, `[app ${index + 1}]`, output);
      started.push({ index, port: instancePort, url: `http://127.0.0.1:${instancePort}`, child });
    }
    const deadline = Date.now() + START_TIMEOUT_MS;
    for (const instance of started) {
      while (!(await isReady(instance.url))) {
        const { exitCode, signalCode } = instance.child;
        if (exitCode !== null || signalCode !== null)
          throw new Error(`app ${instance.index + 1} exited while starting (${exitCode ?? signalCode})`);
        if (Date.now() > deadline) throw new Error(`app ${instance.index + 1} was not ready within 120 s`);
        await delay(200);
      }
    }

    for (const dir of ['logs', 'tmp', 'cache']) mkdirSync(path.join(runDir, dir), { recursive: true });
    const configFile = path.join(runDir, 'nginx.conf');
    writeFileSync(
      configFile,
      renderNginxConfig({ listen: `${host}:${port}`, upstreamPorts: started.map((i) => i.port), runDir }),
    );
    // nginx's workers run as the user who started it; started by root they would switch to `nobody`, which cannot
    // read a private checkout or run directory. Same user, same files, whoever starts the cluster.
    const globals = process.getuid?.() === 0 ? 'daemon off; user root;' : 'daemon off;';
    cluster.nginx = spawn(nginxBinary, ['-p', runDir, '-c', configFile, '-g', globals], {
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    forward(cluster.nginx, '[nginx]', output);
    while ((await statusOf(`${cluster.url}/api/v1/config`)) === 0) {
      if (cluster.nginx.exitCode !== null)
        throw new Error(`nginx exited (${cluster.nginx.exitCode}); see ${path.join(runDir, 'logs/error.log')}`);
      if (Date.now() > deadline) throw new Error('nginx did not answer within 120 s');
      await delay(100);
    }
    return cluster;
  } catch (error) {
    await cluster.stop();
    throw error;
  }
}
