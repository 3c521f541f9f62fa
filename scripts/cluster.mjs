// The local cluster: N `next start` processes on PostgreSQL behind nginx (deploy/nginx.conf). Started and stopped
// here for `npm run start:cluster`, `npm run bench:cluster` and the cluster journey (tests/cluster), so all three
// run exactly the same stack.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildIsStale } from './build-state.mjs';
import { compressStatic } from './compress-static.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const NEXT_BIN = path.join(ROOT, 'node_modules/.bin/next');
const START_TIMEOUT_MS = 120_000;
const STOP_TIMEOUT_MS = 20_000;
const NEXT_STATIC = path.join(ROOT, '.next/static');

/** Debian's nginx: on PATH for root, in /usr/sbin otherwise. */
export function findNginx() {
  for (const candidate of ['nginx', '/usr/sbin/nginx']) {
    if (spawnSync(candidate, ['-v'], { stdio: 'ignore' }).status === 0) return candidate;
  }
  throw new Error(`nginx is not installed: ${NGINX_PACKAGES}`);
}

const NGINX_PACKAGES = 'apt-get install -y nginx libnginx-mod-http-brotli-filter libnginx-mod-http-brotli-static';
const BROTLI_MODULES = ['ngx_http_brotli_filter_module.so', 'ngx_http_brotli_static_module.so'];

/** Where Debian's packages put nginx's brotli modules (NGINX_MODULES overrides it). */
export function findNginxModules() {
  const dir = process.env.NGINX_MODULES || '/usr/lib/nginx/modules';
  if (BROTLI_MODULES.every((module) => existsSync(path.join(dir, module)))) return dir;
  throw new Error(`nginx's brotli modules are not in ${dir}: ${NGINX_PACKAGES}`);
}

/** deploy/nginx.conf with this run's values; `tls` ({ certificate, key } files) serves HTTPS with HTTP/2. */
export function renderNginxConfig({ listen, upstreamPorts, runDir, modulesDir, tls }) {
  const upstreams = upstreamPorts.map((port) => `server 127.0.0.1:${port} max_fails=2 fail_timeout=5s;`).join('\n    ');
  return readFileSync(path.join(ROOT, 'deploy/nginx.conf'), 'utf8')
    .replaceAll('{{LISTEN}}', String(listen))
    .replaceAll('{{TLS_LISTEN}}', tls ? ' ssl http2' : '')
    .replaceAll('{{TLS_CERTIFICATE}}', tls ? `ssl_certificate ${tls.certificate}; ssl_certificate_key ${tls.key};` : '')
    .replaceAll('{{UPSTREAMS}}', upstreams)
    .replaceAll('{{RUN_DIR}}', runDir)
    .replaceAll('{{NGINX_MODULES}}', modulesDir)
    .replaceAll('{{NEXT_STATIC}}', NEXT_STATIC);
}

const delay = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The status of a GET, or 0 when nothing answers. Over HTTPS the certificate is not checked: this only asks whether
 * the cluster's own front, on this machine, answers yet (it may use a self-signed certificate).
 */
function statusOf(url) {
  const client = url.startsWith('https:') ? https : http;
  return new Promise((resolve) => {
    const request = client.get(url, { rejectUnauthorized: false, timeout: 5_000 }, (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode ?? 0));
      response.on('error', () => resolve(0));
    });
    request.on('timeout', () => request.destroy());
    request.on('error', () => resolve(0));
  });
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
 * - `tls` ({ certificate, key } files) makes nginx serve HTTPS with HTTP/2;
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
  tls,
  output = (line) => console.log(line),
}) {
  const environment = { ...process.env, ...env };
  if (!environment.DATABASE_URL)
    throw new Error(
      'DATABASE_URL is required: every instance must use the same PostgreSQL (e.g. postgres://postgres@127.0.0.1:5432/sopka).',
    );
  if (!environment.REDIS_URL)
    output('Warning: REDIS_URL is not set; each instance keeps its own page cache, so pages can be stale across them.');
  findNginx();
  findNginxModules();
  if (build && buildIsStale()) run('npx', ['next', 'build'], environment);
  if (prepare) run('npm', ['run', '--silent', 'db:prepare'], environment);

  const shared = {
    ...environment,
    NODE_ENV: 'production',
    // nginx appends the client's address to X-Forwarded-For: the one proxy hop the app trusts.
    TRUST_PROXY_HOPS: '1',
    // The instances drain on SIGTERM (instrumentation.ts), which Next allows only with this in their environment.
    NEXT_MANUAL_SIG_HANDLE: 'true',
    SITE_URL: environment.SITE_URL || `${tls ? 'https' : 'http'}://localhost:${port}`,
  };
  const jwtSecret = sharedJwtSecret(environment);
  if (jwtSecret) shared.JWT_SECRET = jwtSecret;
  const started = [];
  const cluster = {
    url: `${tls ? 'https' : 'http'}://${host === '0.0.0.0' ? '127.0.0.1' : host}:${port}`,
    runDir,
    instances: started,
    nginx: undefined,
    /** SIGTERM to one instance; resolves with its exit. */
    stopInstance: (index) => stopChild(started[index].child, 'SIGTERM'),
    /** SIGTERM to every instance (they drain), then nginx finishes its requests and quits. */
    async stop() {
      const exits = await Promise.all(started.map(({ child }) => stopChild(child, 'SIGTERM')));
      if (cluster.nginx) await stopFront(cluster.nginx);
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

    cluster.nginx = await startFront({
      listen: `${host}:${port}`,
      url: cluster.url,
      upstreamPorts: started.map((instance) => instance.port),
      runDir,
      tls,
      output,
      deadline,
    });
    return cluster;
  } catch (error) {
    await cluster.stop();
    throw error;
  }
}

/**
 * Starts nginx with deploy/nginx.conf (rendered into `runDir`) on `listen`, in front of the app processes on
 * `upstreamPorts`, after writing the build's precompressed files; resolves with nginx's process once `url` answers
 * through it. `tls` as for startCluster; `output` receives nginx's lines.
 */
export async function startFront({
  listen,
  url,
  upstreamPorts,
  runDir,
  tls,
  output = (line) => console.log(line),
  deadline = Date.now() + START_TIMEOUT_MS,
}) {
  const binary = findNginx();
  const modulesDir = findNginxModules();
  await compressStatic(NEXT_STATIC);
  for (const dir of ['logs', 'tmp', 'cache']) mkdirSync(path.join(runDir, dir), { recursive: true });
  const configFile = path.join(runDir, 'nginx.conf');
  writeFileSync(configFile, renderNginxConfig({ listen, upstreamPorts, runDir, modulesDir, tls }));
  // nginx's workers run as the user who started it; started by root they would switch to `nobody`, which cannot
  // read a private checkout or run directory. Same user, same files, whoever starts the cluster.
  const globals = process.getuid?.() === 0 ? 'daemon off; user root;' : 'daemon off;';
  const nginx = spawn(binary, ['-p', runDir, '-c', configFile, '-g', globals], {
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  forward(nginx, '[nginx]', output);
  while ((await statusOf(`${url}/api/v1/config`)) === 0) {
    if (nginx.exitCode !== null)
      throw new Error(`nginx exited (${nginx.exitCode}); see ${path.join(runDir, 'logs/error.log')}`);
    if (Date.now() > deadline) {
      await stopFront(nginx);
      throw new Error('nginx did not answer within 120 s');
    }
    await delay(100);
  }
  return nginx;
}

/** nginx finishes the requests it has and quits. */
export const stopFront = (nginx) => stopChild(nginx, 'SIGQUIT');

/**
 * A certificate for localhost and 127.0.0.1, valid for a day, written into `dir`: HTTPS at a local front (benchmarks,
 * tests), which no browser trusts. Needs `openssl` (Debian's package of that name).
 */
export function makeLocalCertificate(dir) {
  const tls = { certificate: path.join(dir, 'certificate.pem'), key: path.join(dir, 'key.pem') };
  // prettier-ignore
  const result = spawnSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1',
    '-subj', '/CN=localhost', '-addext', 'subjectAltName=DNS:localhost,IP:127.0.0.1',
    '-keyout', tls.key, '-out', tls.certificate], { stdio: 'ignore' });
  if (result.status !== 0) throw new Error('openssl could not make a certificate: apt-get install -y openssl');
  return tls;
}
