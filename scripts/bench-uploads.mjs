// `npm run bench:uploads`: what concurrent picture uploads cost a running server in memory (issue 37). It starts
// nothing: give it the base URL of a server already running on this machine (`--base`, default
// http://localhost:3000; `npm start`, `next start`…). It signs in (the seeded moderator unless --email/--password),
// finds the server's process (the one listening on the URL's port, or --pid) and, after a warm-up upload of each
// kind, sends for each of `--rounds 2` rounds:
//   - N (`--concurrency 8`) oversized uploads at once: a 12 MB file, chunked, so the server must read it up to its
//     10 MB limit before refusing it (413);
//   - N valid uploads at once: a 9 MB PNG each (random pixels, stored uncompressed), re-encoded by the server (200).
// Each to POST /users/{id}/avatar of the signed-in account (its avatar changes). Meanwhile it samples the server's
// resident memory (VmRSS of /proc/<pid>/status) every 50 ms, and prints per round and kind the RSS before, at its
// peak and the increase, against `--budget 50` MB; it exits 1 when an increase is over the budget.
// `--only oversized` or `--only valid` sends one kind.
// The first round on a fresh server also pays for memory the allocator keeps once it has grown (glibc's arenas
// for sharp's threads): compare later rounds, or run the server with MALLOC_ARENA_MAX=2.
import http from 'node:http';
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';
import sharp from 'sharp';
import { commandOptions, residentMegabytes, signInByApi } from './bench-support.mjs';

const values = commandOptions({
  base: 'http://localhost:3000',
  pid: undefined,
  email: 'moderator@sopka.travel',
  password: 'sopka-moderator-2026',
  concurrency: '8',
  rounds: '2',
  'oversized-mb': '12',
  budget: '50',
  only: undefined,
});
const BASE = values.base.replace(/\/$/, '');
const CONCURRENCY = Number(values.concurrency);
const BUDGET_MB = Number(values.budget);
const CHUNK = 64 * 1024;
const BOUNDARY = '----sopkaBenchBoundary7MA4YWxkTrZu0gW';

/** The processes holding the socket that listens on `port` (/proc/net/tcp and tcp6, then every process's fds). */
function listeningPids(port) {
  const inodes = new Set();
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    let lines = [];
    try {
      lines = readFileSync(table, 'utf8').trim().split('\n').slice(1);
    } catch {
      continue;
    }
    for (const line of lines) {
      const fields = line.trim().split(/\s+/);
      // local address (hex ip:port), state 0A = LISTEN, inode.
      if (fields[3] === '0A' && parseInt(fields[1].split(':')[1], 16) === port) inodes.add(`socket:[${fields[9]}]`);
    }
  }
  const pids = new Set();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let fds = [];
    try {
      fds = readdirSync(`/proc/${entry}/fd`);
    } catch {
      continue; // another user's, or gone
    }
    for (const fd of fds) {
      try {
        if (inodes.has(readlinkSync(`/proc/${entry}/fd/${fd}`))) pids.add(Number(entry));
      } catch {
        // closed meanwhile
      }
    }
  }
  return [...pids];
}

function serverPids() {
  if (values.pid) return values.pid.split(',').map(Number);
  const url = new URL(BASE);
  const port = Number(url.port || (url.protocol === 'https:' ? 443 : 80));
  const pids = listeningPids(port);
  if (pids.length === 0) {
    console.error(`No process of this user listens on port ${port}: start the server here, or give --pid.`);
    process.exit(2);
  }
  return pids;
}

/** The server's resident memory in MB: the sum over its processes (one, unless it shares its socket). */
const rss = (pids) => pids.reduce((sum, pid) => sum + (residentMegabytes(pid) ?? 0), 0);

const partHead = (type) =>
  Buffer.from(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="bench"\r\nContent-Type: ${type}\r\n\r\n`,
  );
const partEnd = Buffer.from(`\r\n--${BOUNDARY}--\r\n`);

/**
 * One upload: the part's head, `fileBytes` of file from `fileChunk(offset, size)` in 64 KB chunks as the socket
 * takes them, the closing boundary. Chunked unless `contentLength`. Resolves with the status, or with
 * 'connection closed' when the server refuses before reading the rest and drops the connection.
 */
function sendUpload(path, authorization, type, fileBytes, fileChunk, { contentLength = false } = {}) {
  return new Promise((resolve) => {
    const head = partHead(type);
    let finished = false;
    const done = (status) => {
      if (finished) return;
      finished = true;
      request.destroy();
      resolve(status);
    };
    const headers = { authorization, 'content-type': `multipart/form-data; boundary=${BOUNDARY}` };
    if (contentLength) headers['content-length'] = String(head.length + fileBytes + partEnd.length);
    else headers['transfer-encoding'] = 'chunked';
    const request = http.request(`${BASE}${path}`, { method: 'POST', headers }, (response) => {
      response.resume();
      response.on('end', () => done(response.statusCode));
      response.on('error', () => done(response.statusCode));
    });
    request.on('error', () => done('connection closed'));
    let sent = 0;
    const write = () => {
      while (!finished && sent < fileBytes) {
        const size = Math.min(CHUNK, fileBytes - sent);
        const chunk = fileChunk(sent, size);
        sent += size;
        if (!request.write(chunk)) return void request.once('drain', write);
      }
      if (!finished) request.end(partEnd);
    };
    request.write(head);
    write();
  });
}

/** A valid picture of about 9 MB: random pixels (nothing to compress) in a PNG stored without compression. */
async function nineMegabytePng() {
  const width = 2048;
  const height = 1536;
  return sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } })
    .png({ compressionLevel: 0 })
    .toBuffer();
}

const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

async function measure(pids, send) {
  await pause(1000);
  const before = rss(pids);
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, rss(pids))), 50);
  const started = performance.now();
  const statuses = await Promise.all(Array.from({ length: CONCURRENCY }, send));
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  peak = Math.max(peak, rss(pids));
  await pause(1000);
  return { before, peak, after: rss(pids), rise: peak - before, seconds, statuses };
}

const pids = serverPids();
const { authorization, id } = await signInByApi(BASE, { email: values.email, password: values.password });
const path = `/api/v1/users/${id}/avatar`;
const png = await nineMegabytePng();
const oversizedBytes = Number(values['oversized-mb']) * 1024 * 1024;
// Zeros after a PNG signature: refused for its size (413) before anything looks at its content.
const oversizedChunk = (offset, size) => {
  const chunk = Buffer.alloc(size);
  if (offset === 0) png.copy(chunk, 0, 0, 8);
  return chunk;
};
const allKinds = [
  [
    'oversized',
    `${CONCURRENCY} × oversized ${values['oversized-mb']} MB (chunked)`,
    () => sendUpload(path, authorization, 'image/png', oversizedBytes, oversizedChunk),
    413,
  ],
  [
    'valid',
    `${CONCURRENCY} × valid ${(png.length / 1024 / 1024).toFixed(1)} MB PNG`,
    () =>
      sendUpload(path, authorization, 'image/png', png.length, (offset, size) => png.subarray(offset, offset + size), {
        contentLength: true,
      }),
    200,
  ],
];
const kinds = allKinds.filter(([kind]) => !values.only || kind === values.only).map(([, ...rest]) => rest);

console.log(`server ${BASE}, process ${pids.join(', ')}: ${rss(pids).toFixed(0)} MB resident`);
// Warm-up: the routes compiled or loaded, sharp loaded, one of each kind alone (not measured).
for (const [, send] of kinds) await send();

let over = false;
const rows = [];
for (let round = 1; round <= Number(values.rounds); round++) {
  for (const [name, send, expected] of kinds) {
    const result = await measure(pids, send);
    const unexpected = result.statuses.filter((status) => status !== expected && status !== 'connection closed');
    const verdict = result.rise <= BUDGET_MB ? 'within' : 'OVER';
    if (result.rise > BUDGET_MB) over = true;
    rows.push({ round, name, ...result, verdict });
    console.log(
      `round ${round} ${name}: ${result.statuses.join(', ')} in ${result.seconds.toFixed(1)} s; RSS ${result.before.toFixed(0)} MB before, peak ${result.peak.toFixed(0)} MB (+${result.rise.toFixed(0)}, ${verdict} the ${BUDGET_MB} MB budget), ${result.after.toFixed(0)} MB 1 s after${unexpected.length ? `; UNEXPECTED answers: ${unexpected.join(', ')}` : ''}`,
    );
    if (unexpected.length) over = true;
  }
}
console.log(
  `\n| round | uploads | RSS before MB | peak MB | increase MB | budget ${BUDGET_MB} MB |\n|---|---|---|---|---|---|`,
);
for (const r of rows)
  console.log(
    `| ${r.round} | ${r.name} | ${r.before.toFixed(0)} | ${r.peak.toFixed(0)} | ${r.rise.toFixed(0)} | ${r.verdict} |`,
  );
process.exit(over ? 1 : 0);
