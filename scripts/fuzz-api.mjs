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
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, openSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import { join } from 'node:path';
import { parseArgs } from 'node:util';

const { values } = parseArgs({
  options: {
    requests: { type: 'string', default: '6000' },
    seconds: { type: 'string', default: '240' },
    port: { type: 'string', default: '3101' },
    postgres: { type: 'string' },
    seed: { type: 'string', default: '1' },
    concurrency: { type: 'string', default: '8' },
    'skip-memory': { type: 'boolean', default: false },
    fresh: { type: 'boolean', default: false },
    'memory-mb': { type: 'string', default: '300' },
    outage: { type: 'boolean', default: false },
  },
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

function run(command, args, env) {
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed`);
}

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
const databaseLink = values.outage ? await startDatabaseLink(new URL(values.postgres)) : null;
if (databaseLink) {
  const relayed = new URL(values.postgres);
  relayed.host = `127.0.0.1:${databaseLink.port}`;
  serverEnv.DATABASE_URL = relayed.toString();
}
const log = openSync(join(DATA_DIR, 'server.log'), 'w');
const server = spawn('npx', ['next', 'start', '-H', 'localhost', '-p', String(PORT)], {
  env: { ...process.env, ...serverEnv },
  stdio: ['ignore', log, log],
  detached: true,
});
const stopServer = () => {
  try {
    process.kill(-server.pid, 'SIGTERM');
  } catch {
    // already gone
  }
};
process.on('exit', stopServer);
process.on('SIGINT', () => process.exit(130));

async function startDatabaseLink(target) {
  const open = new Set();
  let cut = false;
  const relay = net.createServer((socket) => {
    if (cut) return socket.destroy();
    const upstream = net.connect(Number(target.port || 5432), target.hostname);
    for (const [from, to] of [
      [socket, upstream],
      [upstream, socket],
    ]) {
      from.pipe(to);
      from.on('error', () => to.destroy());
      from.on('close', () => to.destroy());
    }
    open.add(socket);
    socket.on('close', () => open.delete(socket));
  });
  await new Promise((resolve) => relay.listen(0, '127.0.0.1', resolve));
  relay.unref();
  return {
    port: relay.address().port,
    cut() {
      cut = true;
      for (const socket of open) socket.destroy();
    },
    restore() {
      cut = false;
    },
  };
}

async function waitForServer() {
  for (let i = 0; i < 600; i++) {
    if (server.exitCode !== null) throw new Error(`the server stopped; see ${DATA_DIR}/server.log`);
    try {
      if ((await fetch(`${BASE}/api/v1/categories`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error('the server did not start in 5 minutes');
}

/** Resident memory of the server: the spawned process and all its descendants (next start forks). */
function serverRssMb() {
  const children = (pid) => {
    try {
      return readdirSync(`/proc/${pid}/task`).flatMap((task) =>
        readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').split(' ').filter(Boolean).map(Number),
      );
    } catch {
      return [];
    }
  };
  let kb = 0;
  const pending = [server.pid];
  while (pending.length) {
    const pid = pending.pop();
    try {
      kb += Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
    } catch {
      continue;
    }
    pending.push(...children(pid));
  }
  return kb / 1024;
}

async function signIn({ email, password }) {
  const response = await fetch(`${BASE}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (!response.ok) throw new Error(`signing in as ${email}: ${response.status}`);
  const { token } = await response.json();
  const me = await (
    await fetch(`${BASE}/api/v1/auth/me`, { method: 'POST', headers: { authorization: `Bearer ${token}` } })
  ).json();
  return { authorization: `Bearer ${token}`, id: me.data.id, hid: me.data.hid };
}

// ---- phase 1: memory under huge chunked bodies ------------------------------------------------------------

/** Streams `megabytes` of chunked body until done or until the server answers or drops the connection. */
function hugeChunkedBody(path, headers, megabytes, head = '') {
  return new Promise((resolve) => {
    const chunk = Buffer.alloc(64 * 1024, 0x61);
    let sent = 0;
    let finished = false;
    const done = (status) => {
      if (finished) return;
      finished = true;
      request.destroy();
      resolve({ status, sentMb: sent / 1024 / 1024 });
    };
    const request = http.request(
      `${BASE}${path}`,
      { method: 'POST', headers: { ...headers, 'transfer-encoding': 'chunked' } },
      (response) => {
        response.resume();
        done(response.statusCode);
      },
    );
    request.on('error', () => done('connection closed'));
    const write = () => {
      while (!finished && sent < megabytes * 1024 * 1024) {
        sent += chunk.length;
        if (!request.write(chunk)) return void request.once('drain', write);
      }
      if (!finished) request.end();
    };
    if (head) request.write(head);
    write();
  });
}

async function memoryPhase(author) {
  const megabytes = Number(values['memory-mb']);
  const boundary = 'fuzzboundary';
  // Each upload may hold up to its 10 MB limit in memory before it is refused: the budget is 50 MB above that.
  const targets = [
    [
      'POST /auth/login',
      '/api/v1/auth/login',
      { 'content-type': 'application/json' },
      '{"email":"a@b.c","password":"',
      0,
    ],
    [
      'POST /users/{id}/avatar',
      `/api/v1/users/${author.id}/avatar`,
      { 'content-type': `multipart/form-data; boundary=${boundary}`, authorization: author.authorization },
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
      MEMORY_CONCURRENCY * UPLOAD_LIMIT_MB,
    ],
  ];
  const results = [];
  for (const [name, path, headers, head, held] of targets) {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const before = serverRssMb();
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, serverRssMb())), 50);
    const answers = await Promise.all(
      Array.from({ length: MEMORY_CONCURRENCY }, () => hugeChunkedBody(path, headers, megabytes, head)),
    );
    clearInterval(sampler);
    const after = serverRssMb();
    peak = Math.max(peak, after);
    const statuses = answers.map((a) => a.status).join(', ');
    const sent = answers.reduce((sum, a) => sum + a.sentMb, 0);
    console.log(
      `${name}: ${MEMORY_CONCURRENCY} × ${megabytes} MB chunked → ${statuses}; client wrote ${sent.toFixed(1)} MB in all; server RSS ${before.toFixed(0)} MB before, peak ${peak.toFixed(0)} MB (+${(peak - before).toFixed(0)}), ${after.toFixed(0)} MB after`,
    );
    results.push({ name, rise: peak - before, budget: RSS_BUDGET_MB + held });
  }
  return results;
}

// ---- phase 2: malformed requests --------------------------------------------------------------------------

let state = Number(values.seed) >>> 0 || 1;
/** mulberry32: a small seeded generator, so a run can be repeated with --seed. */
function random() {
  state = (state + 0x6d2b79f5) >>> 0;
  let t = state;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}
const pick = (list) => list[Math.floor(random() * list.length)];
const chance = (p) => random() < p;

const INT_EDGES = [
  0, -1, 1, 7, 2147483647, 2147483648, -2147483649, 4294967296, 9007199254740991, 9007199254740993, 1e21, 1.5, -0,
  1e308,
];
const STRINGS = [
  '',
  ' ',
  'a',
  '\u0000',
  'a\u0000b',
  '2147483648',
  '9223372036854775808',
  '-1',
  '1e309',
  'NaN',
  'Infinity',
  '0x7fffffff',
  '../../../../etc/passwd',
  '..%2F..%2Fetc%2Fpasswd',
  '..\\..\\windows\\win.ini',
  '/etc/passwd',
  "'; drop table ideas; --",
  '" OR 1=1 --',
  '%',
  '_',
  '\\',
  '<script>alert(1)</script>',
  '{{7*7}}',
  '${jndi:ldap://x}',
  '日本語のテキスト',
  'Владивосток',
  '🏔️🌊'.repeat(20),
  '\u202e\u200b\ufeff',
  '\ud800',
  'ℌ𝔢𝔩𝔩𝔬',
  'a'.repeat(5000),
  'x'.repeat(70_000),
  'N123',
  'W99999999999',
  'ru',
  'zh-CN',
  'true',
  'null',
  '2026-02-30',
  '2026-05-12',
  '2026-05-12T10:00:00+10:00',
  'user@example.com',
  '+79140000000',
];
const ID_TEXTS = [
  '1',
  '2',
  '7',
  '0',
  '-1',
  '2147483647',
  '2147483648',
  '4294967296',
  '9007199254740993',
  '99999999999999999999',
  'abcdef',
  'kXbqTz',
  '1.5',
  '1e3',
  ' 1',
  '%00',
  '..',
  '..%2F..',
  '%2e%2e%2f',
  '日本',
  'a'.repeat(300),
];

function weirdValue(depth = 0) {
  switch (Math.floor(random() * 9)) {
    case 0:
      return pick(INT_EDGES);
    case 1:
    case 2:
      return pick(STRINGS);
    case 3:
      return chance(0.5);
    case 4:
      return null;
    case 5:
      return depth > 2 ? [] : Array.from({ length: Math.floor(random() * 4) }, () => weirdValue(depth + 1));
    case 6:
      return depth > 2
        ? {}
        : { [pick(['a', 'ru', 'id', '__proto__', 'constructor', '\u0000'])]: weirdValue(depth + 1) };
    case 7:
      return random() * 1e6 - 5e5;
    default:
      return pick(STRINGS).slice(0, 40);
  }
}

/** A value near what the schema asks for, or something else entirely. */
function valueFor(schema = {}, name = '') {
  if (chance(0.35)) return weirdValue();
  if (/_id$|^id$/.test(name)) return pick(INT_EDGES.filter(Number.isInteger));
  const type = Array.isArray(schema.type) ? pick(schema.type) : schema.type;
  if (schema.enum) return pick(schema.enum);
  if (schema.anyOf || schema.oneOf) return valueFor(pick(schema.anyOf ?? schema.oneOf), name);
  switch (type) {
    case 'integer':
    case 'number':
      return pick(INT_EDGES);
    case 'boolean':
      return chance(0.5);
    case 'array':
      return Array.from({ length: Math.floor(random() * 3) }, () => valueFor(schema.items ?? {}, name));
    case 'object':
      return objectFor(schema);
    default:
      return pick(STRINGS);
  }
}

function objectFor(schema = {}) {
  const out = {};
  for (const [name, property] of Object.entries(schema.properties ?? {}))
    if (chance(0.7)) out[name] = valueFor(property, name);
  if (chance(0.2)) out[pick(STRINGS).slice(0, 20)] = weirdValue();
  return out;
}

/** A body and its content type: usually JSON (shaped by the schema, or not), sometimes something else. */
function bodyFor(operation) {
  const schema = operation.requestBody?.content?.['application/json']?.schema;
  const multipart = operation.requestBody?.content?.['multipart/form-data'];
  const roll = random();
  if (multipart && roll < 0.4) {
    const boundary = 'b0undary';
    const content = pick([
      '\u0000\u0000',
      'GIF89a',
      '\xff\xd8\xff\xe0garbage',
      'RIFF0000WEBP',
      '%PDF-1.4',
      'x'.repeat(2000),
    ]);
    const field = pick(['file', 'image', '', '\u0000', '../x']);
    const filename = pick(['a.jpg', '../../etc/passwd', '\u0000.png', 'ø.webp', 'a'.repeat(500)]);
    const text = `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: image/jpeg\r\n\r\n${content}\r\n--${boundary}--\r\n`;
    return {
      contentType: chance(0.8)
        ? `multipart/form-data; boundary=${boundary}`
        : pick(['multipart/form-data', 'multipart/form-data; boundary=', 'multipart/form-data; boundary=other']),
      body: chance(0.9) ? text : text.slice(0, 60),
    };
  }
  if (roll < 0.5)
    return { contentType: 'application/json', body: JSON.stringify(schema ? objectFor(schema) : weirdValue()) };
  if (roll < 0.6) return { contentType: 'application/json', body: JSON.stringify(weirdValue()) };
  if (roll < 0.68)
    return {
      contentType: 'application/json',
      body: pick([
        '{',
        '{"a":',
        'nul',
        '[1,]',
        "{'a':1}",
        '\u0000',
        '{"a":"\\u0000"}',
        '{"a":"\\ud800"}',
        '',
        '{"__proto__":{"x":1}}',
        '1e999',
      ]),
    };
  if (roll < 0.73) {
    const depth = pick([100, 5000, 30_000]);
    return {
      contentType: 'application/json',
      body: chance(0.5) ? '['.repeat(depth) + ']'.repeat(depth) : '{"a":'.repeat(depth) + '1' + '}'.repeat(depth),
    };
  }
  if (roll < 0.77)
    return {
      contentType: 'application/json',
      body: JSON.stringify({ ...(schema ? objectFor(schema) : {}), pad: 'x'.repeat(pick([60_000, 70_000, 200_000])) }),
    };
  if (roll < 0.85)
    return {
      contentType: pick([
        'text/plain',
        'application/x-www-form-urlencoded',
        'application/xml',
        'application/json; charset=utf-16',
        'APPLICATION/JSON',
        '',
        'multipart/form-data; boundary=x',
      ]),
      body: pick(['a=1&b=2', '<x/>', '{"email":"a@b.c"}', '--x\r\n\r\n']),
    };
  if (roll < 0.9) return { contentType: 'application/json', body: null };
  return { contentType: 'application/json', body: JSON.stringify(schema ? objectFor(schema) : {}) };
}

function queryFor(operation) {
  // Often no query at all, so that malformed paths and bodies are not all stopped by a bad query first.
  if (chance(0.3)) return '';
  const params = new URLSearchParams();
  for (const parameter of operation.parameters ?? []) {
    if (parameter.in !== 'query' || !chance(0.5)) continue;
    const value = valueFor(parameter.schema, parameter.name);
    params.append(parameter.name, typeof value === 'string' ? value.slice(0, 3000) : JSON.stringify(value));
  }
  if (chance(0.2)) params.append(pick(STRINGS).slice(0, 30), String(weirdValue()).slice(0, 100));
  if (chance(0.1)) params.append('locale', pick(['xx', '\u0000', 'ru', 'zh-CN', '']));
  const text = params.toString();
  return text ? `?${text}` : '';
}

function pathFor(template, session) {
  return template.replace(/\{(\w+)\}/g, (_, name) => {
    if (chance(0.25)) return name === 'hid' ? session.hid : String(session.id);
    const raw = chance(0.5) ? pick(ID_TEXTS) : String(pick(STRINGS)).slice(0, 200);
    if (/%/.test(raw) && chance(0.5)) return raw;
    try {
      return encodeURIComponent(raw);
    } catch {
      return '%ED%A0%80'; // a lone surrogate, as bytes that are not UTF-8
    }
  });
}

function send(method, path, headers, body) {
  return new Promise((resolve) => {
    const request = http.request(
      `${BASE}${path}`,
      { method, headers: body === null ? headers : { ...headers, 'content-length': Buffer.byteLength(body) } },
      (response) => {
        const chunks = [];
        response.on('data', (chunk) => chunks.length < 8 && chunks.push(chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode, text: Buffer.concat(chunks).toString('utf8').slice(0, 300) }),
        );
        response.on('error', () => resolve({ status: 'reset', text: '' }));
      },
    );
    request.setTimeout(30_000, () => request.destroy(new Error('timeout')));
    request.on('error', (error) =>
      resolve({ status: error.message === 'timeout' ? 'timeout' : 'reset', text: error.message }),
    );
    if (body !== null) request.write(body);
    request.end();
  });
}

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
      const { status, text } = await send(method, url, headers, body);
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
    const { status } = await send('GET', path, {}, null);
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
    recovered = (await send('GET', NEEDS_THE_DATABASE[2], {}, null)).status === 200;
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
  await waitForServer();
  const author = await signIn(AUTHOR);
  const moderator = await signIn(MODERATOR);
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
