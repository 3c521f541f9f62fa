/**
 * The cluster journey (issue 20): two `next start` instances behind nginx (scripts/cluster.mjs, deploy/nginx.conf)
 * on PostgreSQL, Redis and a local S3 server (s3rver), exactly as `npm run start:cluster` runs them. Each instance
 * has a data directory of its own, as it would on its own machine. Needs the build, TEST_DATABASE_URL (a database
 * of its own is created on that server) and Redis at REDIS_URL (default redis://127.0.0.1:6379); skipped without
 * the first two. Ports: nginx on CLUSTER_TEST_PORT (default 3130) and, over HTTPS, the next one; the instances on
 * the ten below it.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import http from 'node:http';
import http2 from 'node:http2';
import { tmpdir } from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import autocannon from 'autocannon';
import pg from 'pg';
import sharp from 'sharp';
import { SignJWT } from 'jose';
import { chromium } from 'playwright';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import '@/lib/server/startup/database';
import { connect } from '@/lib/server/db/client';
import { AUTHOR_PASSWORD, MODERATOR_EMAIL, MODERATOR_PASSWORD, seed } from '@/lib/server/demo/seed';
import { SEED_AUTHORS, SEED_IDEAS } from '@/lib/server/demo/content/ideas';
import {
  makeLocalCertificate,
  startCluster,
  startFront,
  stopFront,
  type Cluster,
  type ProcessExit,
} from '../../scripts/cluster.mjs';
import { findChromium } from '../../scripts/chromium.mjs';
import { startLocalS3, type LocalS3 } from '../support/s3';
import { withAdminClient } from '../support/postgres';

const PORT = Number(process.env.CLUSTER_TEST_PORT ?? 3130);
const adminUrl = process.env.TEST_DATABASE_URL;
const built = existsSync('.next/BUILD_ID');
const BUCKET = 'sopka-cluster-test';
/** The instances' secret: the booking race signs its travellers' tokens with it. */
const JWT_SECRET = randomBytes(32).toString('hex');

let workDir: string;
let databaseName: string;
let databaseUrl: string;
let s3: LocalS3 | undefined;
let cluster: Cluster | undefined;
/** Everything the processes printed, shown when a step fails. */
const output: string[] = [];

const withAdmin = <T>(work: (client: pg.Client) => Promise<T>) => withAdminClient(adminUrl!, work);

beforeAll(async () => {
  if (!built || !adminUrl) return;
  workDir = mkdtempSync(path.join(tmpdir(), 'sopka-cluster-test-'));
  // Pages rendered earlier from another database are kept under .next and would be served from this fresh one.
  rmSync('.next/server/route-cache', { recursive: true, force: true });
  databaseName = `sopka_cluster_${randomBytes(6).toString('hex')}`;
  await withAdmin((client) => client.query(`CREATE DATABASE "${databaseName}"`));
  const url = new URL(adminUrl);
  url.pathname = `/${databaseName}`;
  databaseUrl = url.toString();
  const database = await connect({ url: url.toString() });
  await seed(database.db, { images: false });
  await database.close();

  // The bucket is created by the first process that stores or reads a picture.
  s3 = await startLocalS3();

  cluster = await startCluster({
    instances: 2,
    port: PORT,
    appPort: PORT - 10,
    runDir: path.join(workDir, 'run'),
    env: {
      DATABASE_URL: url.toString(),
      REDIS_URL: process.env.REDIS_URL || 'redis://127.0.0.1:6379',
      ...s3.env(BUCKET),
      JWT_SECRET,
      APP_ENV: 'development',
      SITE_URL: `http://localhost:${PORT}`,
      LOG_LEVEL: 'warn',
    },
    instanceEnv: (index: number) => ({ DATA_DIR: path.join(workDir, `instance-${index + 1}`) }),
    build: false,
    prepare: false,
    output: (line: string) => output.push(line),
  });
}, 240_000);

afterAll(async () => {
  if (cluster) await cluster.stop();
  if (s3) await s3.dispose();
  if (databaseName)
    await withAdmin(async (client) => {
      await client.query(`DROP DATABASE IF EXISTS "${databaseName}" WITH (FORCE)`);
    });
  if (workDir) rmSync(workDir, { recursive: true, force: true });
}, 60_000);

afterEach(({ task }) => {
  if (task.result?.state === 'fail') console.log(output.join('\n'));
});

const instance = (index: number) => cluster!.instances[index].url;

/** A GET as sent, without the decompression fetch would apply: the body as it came over the wire. */
function rawGet(url: string, acceptEncoding: string) {
  return new Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    http
      .get(url, { headers: { 'accept-encoding': acceptEncoding } }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve({ headers: response.headers, body: Buffer.concat(chunks) }));
        response.on('error', reject);
      })
      .on('error', reject);
  });
}

async function json(base: string, pathname: string, init: RequestInit & { token?: string } = {}) {
  const { token, ...rest } = init;
  const headers = new Headers(rest.headers);
  if (token) headers.set('authorization', `Bearer ${token}`);
  if (typeof rest.body === 'string') headers.set('content-type', 'application/json');
  const response = await fetch(base + pathname, { ...rest, headers });
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: text ? JSON.parse(text) : null };
}

async function signIn(base: string, email: string, password: string) {
  const response = await json(base, '/api/v1/auth/login', {
    method: 'POST',
    body: JSON.stringify({ email, password }),
  });
  expect(response.status).toBe(200);
  const cookie = response.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .find((pair) => pair.startsWith('sopka_session='));
  return { token: response.body.token as string, cookie: cookie! };
}

const author = () => signIn(instance(0), SEED_AUTHORS[0].email, AUTHOR_PASSWORD);

/** Polls `check` until it holds or `ms` pass; resolves with whether it held. */
async function within(ms: number, check: () => Promise<boolean>): Promise<boolean> {
  const deadline = Date.now() + ms;
  do {
    if (await check()) return true;
  } while (Date.now() < deadline);
  return false;
}

/** A request made again while the instance sheds it (503, nothing changed), at most five times, a second apart. */
async function servedAfterShedding<T extends { status: number }>(request: () => Promise<T>): Promise<T> {
  let answer = await request();
  for (let attempt = 1; attempt < 5 && answer.status === 503; attempt++) {
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    answer = await request();
  }
  return answer;
}

describe.skipIf(!built || !adminUrl)('the cluster: two instances behind nginx', () => {
  it('signs in on A and refreshes the session on B; B accepts A’s access token', async () => {
    const { token, cookie } = await author();
    const me = await json(instance(1), '/api/v1/auth/me', { method: 'POST', token });
    expect(me.status).toBe(200);
    expect(JSON.stringify(me.body)).toContain(SEED_AUTHORS[0].email);
    const refreshed = await json(instance(1), '/api/v1/auth/refresh', { method: 'POST', headers: { cookie } });
    expect(refreshed.status).toBe(200);
    expect(refreshed.body.token).toEqual(expect.any(String));
  });

  it('delivers an event recorded through A to streams open on B and through nginx, unbuffered', async () => {
    const { token } = await author();
    const me = await json(instance(0), '/api/v1/auth/me', { method: 'POST', token });
    const userId = me.body.data.id as number;
    const streams = [instance(1), cluster!.url].map((base) => {
      const abort = new AbortController();
      const state = { text: '', abort };
      void fetch(`${base}/api/v1/events`, { headers: { authorization: `Bearer ${token}` }, signal: abort.signal })
        .then(async (response) => {
          const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
          for (let read = await reader.read(); !read.done; read = await reader.read()) state.text += read.value;
        })
        .catch(() => undefined);
      return state;
    });
    try {
      // Open: the first comment came through (nginx passes it at once, not when its buffer fills).
      const opened = await within(5_000, async () => {
        await new Promise((resolve) => setTimeout(resolve, 20));
        return streams.every((stream) => stream.text.includes(': open'));
      });
      expect(opened).toBe(true);
      const marker = randomBytes(4).toString('hex');
      const recorded = await json(instance(0), '/api/v1/test/events', {
        method: 'POST',
        body: JSON.stringify({ user_ids: [userId], type: 'message', payload: { marker } }),
      });
      expect(recorded.status).toBe(204);
      const arrived = await within(2_000, async () => {
        await new Promise((resolve) => setTimeout(resolve, 20));
        return streams.every((stream) => stream.text.includes(marker));
      });
      expect(arrived, streams.map((stream) => stream.text).join('\n---\n')).toBe(true);
      expect(streams[0].text).toMatch(new RegExp(`id: \\d+\nevent: message\ndata: \\{"marker":"${marker}"\\}`));
    } finally {
      for (const stream of streams) stream.abort.abort();
    }
  });

  it('shows a message sent through A live in a browser on B: in the open thread, and in the menu’s unread badge', async () => {
    // A traveller asks a guide through A.
    const traveller = { email: `live-${randomBytes(4).toString('hex')}@example.com`, password: 'live-traveller-A1' };
    const registered = await json(instance(0), '/api/v1/auth/register', {
      method: 'POST',
      body: JSON.stringify({
        name: 'Live Traveller',
        ...traveller,
        passwordConfirm: traveller.password,
        acceptPolicy: true,
      }),
    });
    expect(registered.status).toBe(201);
    const ideaId = SEED_IDEAS.findIndex((idea) => idea.status === 'published' && idea.author === 0) + 1;
    const asked = await json(instance(0), `/api/v1/ideas/${ideaId}/conversation`, {
      method: 'POST',
      token: registered.body.token,
      body: JSON.stringify({ text: 'Is there a place on Saturday?' }),
    });
    expect(asked.status).toBe(201);
    const conversation = asked.body.meta.conversation as string;
    const write = async (text: string) => {
      const sent = await json(instance(0), `/api/v1/conversations/${conversation}/messages`, {
        method: 'POST',
        token: registered.body.token,
        body: JSON.stringify({ text }),
      });
      expect(sent.status).toBe(201);
    };

    // The guide reads the thread in a browser served by B alone.
    const browser = await chromium.launch({ executablePath: await findChromium({ headlessShell: true }) });
    try {
      const context = await browser.newContext({ baseURL: instance(1), viewport: { width: 1280, height: 900 } });
      const login = await context.request.post('/api/v1/auth/login', {
        data: { email: SEED_AUTHORS[0].email, password: AUTHOR_PASSWORD },
      });
      expect(login.status()).toBe(200);
      const page = await context.newPage();
      /** The page's event stream has answered: from then on B sends the guide's events to it. */
      const streamOpened = () =>
        page.waitForResponse((response) => new URL(response.url()).pathname === '/api/v1/events' && response.ok());
      /** The open thread has marked what it shows read (POST …/read). */
      const markedRead = () =>
        page.waitForResponse((response) => response.url().endsWith(`/conversations/${conversation}/read`));

      let opened = streamOpened();
      let read = markedRead();
      await page.goto(`/en/account/messages/${conversation}`);
      await Promise.all([opened, read]);
      const thread = page.getByRole('list', { name: 'Messages of the conversation' });
      await thread.getByText('Is there a place on Saturday?').waitFor();
      const answer = `Leaving at dawn ${randomBytes(3).toString('hex')}`;
      read = markedRead();
      await write(answer);
      await thread.getByText(answer).waitFor({ timeout: 5_000 });
      expect((await read).ok()).toBe(true);

      // Elsewhere in the account, the menu's badge counts the next one as it arrives.
      opened = streamOpened();
      await page.goto('/en/account/booking');
      await opened;
      const messages = page.getByRole('navigation', { name: 'Account menu' }).getByRole('link', { name: /Messages/ });
      expect(await messages.textContent()).not.toMatch(/\d/);
      await write('And one more question.');
      await expect.poll(() => messages.textContent(), { timeout: 5_000 }).toMatch(/1/);
    } finally {
      await browser.close();
    }
  });

  it('accepts on B at once a place saved on A', async () => {
    const { token } = await author();
    const saved = await json(instance(0), '/api/v1/osm/saveSelected', {
      method: 'POST',
      token,
      body: JSON.stringify({
        id: `N${Date.now() % 1e9}`,
        title: 'Бухта Кластерная',
        lat: 43.07,
        lon: 131.95,
        parent_id: 7,
      }),
    });
    expect(saved.status).toBe(200);
    const draft = await json(instance(1), `/api/v1/users/1/ideas/createAndGetEmpty`, { token });
    expect(draft.status).toBe(201);
    const placed = await json(instance(1), `/api/v1/ideas/${draft.body.data.hid}`, {
      method: 'PATCH',
      token,
      body: JSON.stringify({ place_id: Number(saved.body.data.id) }),
    });
    expect(placed.status).toBe(200);
    expect(placed.body.data.attributes.place_id).toBe(Number(saved.body.data.id));
  });

  it('shows an edit made through A on B’s idea page within 1 s', async () => {
    const ideaId = SEED_IDEAS.findIndex((idea) => idea.status === 'published' && idea.author === 0) + 1;
    const pageOnB = `${instance(1)}/en/go/${ideaId}`;
    // B renders and caches the page first, as it would for earlier visitors.
    expect((await fetch(pageOnB)).status).toBe(200);
    const { token } = await author();
    const title = `Cluster sunrise ${randomBytes(4).toString('hex')}`;
    const edited = await json(instance(0), `/api/v1/ideas/${ideaId}`, {
      method: 'PATCH',
      token,
      body: JSON.stringify({ title: { en: title } }),
    });
    expect(edited.status).toBe(200);
    const moderator = await signIn(instance(0), MODERATOR_EMAIL, MODERATOR_PASSWORD);
    const approved = await json(instance(0), `/api/v1/ideas/${ideaId}/approve`, {
      method: 'POST',
      token: moderator.token,
    });
    expect(approved.status).toBe(200);
    const shown = await within(1_000, async () => (await (await fetch(pageOnB)).text()).includes(title));
    expect(shown, 'the new title on B’s page within 1 s of the approval on A').toBe(true);
  });

  it('serves on B a photo uploaded through A', async () => {
    const { token } = await author();
    const draft = await json(instance(0), `/api/v1/users/1/ideas/createAndGetEmpty`, { token });
    const photo = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#0b5d7a' } })
      .jpeg()
      .toBuffer();
    const form = new FormData();
    form.set('file', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'sea.jpg');
    const uploaded = await json(instance(0), `/api/v1/ideas/${draft.body.data.hid}/photos`, {
      method: 'POST',
      token,
      body: form,
    });
    expect(uploaded.status).toBe(201);
    const served = await fetch(instance(1) + uploaded.body.data.attributes.cover_url);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/webp');
    expect((await sharp(Buffer.from(await served.arrayBuffer())).metadata()).width).toBe(466);
  });

  it('books a 500-seat departure 1 000 times through both instances while its dates are re-saved and re-approved: every seat taken is a booking answered 201', async () => {
    const SEATS = 500;
    const TRAVELLERS = 500;
    const ROUNDS = 10;
    const ideaIndex = SEED_IDEAS.findIndex((idea) => idea.status === 'published' && idea.price !== null);
    const ideaId = ideaIndex + 1;
    const ideaAuthor = await signIn(instance(0), SEED_AUTHORS[SEED_IDEAS[ideaIndex].author].email, AUTHOR_PASSWORD);
    const moderator = await signIn(instance(1), MODERATOR_EMAIL, MODERATOR_PASSWORD);
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      // Travellers straight into the database, each with a session and a token signed with the instances' secret:
      // signing 500 people in would measure argon2, not bookings.
      const run = randomBytes(3).toString('hex');
      const { rows: travellers } = await client.query<{ id: number }>(
        `insert into users (hid, name, email) select 'race-${run}-' || n, 'Гость ' || n, 'race-${run}-' || n || '@example.com'
         from generate_series(1, $1) as n returning id`,
        [TRAVELLERS],
      );
      await client.query(
        `insert into sessions (user_id, family_id, token_hash, expires_at)
         select id, 'race-${run}-' || id, 'race-${run}-' || id, now() + interval '1 day' from users where id = any($1)`,
        [travellers.map((t) => t.id)],
      );
      const secret = new TextEncoder().encode(JWT_SECRET);
      const tokens = await Promise.all(
        travellers.map(({ id }) =>
          new SignJWT({ role: 'user', sid: `race-${run}-${id}` })
            .setProtectedHeader({ alg: 'HS256' })
            .setSubject(String(id))
            .setIssuer('sopka')
            .setIssuedAt()
            .setExpirationTime('1h')
            .sign(secret),
        ),
      );
      const {
        rows: [departure],
      } = await client.query<{ id: number; starts_at: Date }>(
        `update idea_dates set seats_total = $2, seats_left = $2
         where id = (select id from idea_dates where idea_id = $1 and starts_at > now() order by starts_at limit 1)
         returning id, starts_at`,
        [ideaId, SEATS],
      );
      const { rows: dates } = await client.query<{ id: number; starts_at: Date; seats_total: number }>(
        'select id, starts_at, seats_total from idea_dates where idea_id = $1 and starts_at > now() order by id',
        [ideaId],
      );
      const resave = JSON.stringify({
        dates: dates.map((d) => ({ id: d.id, starts_at: d.starts_at.toISOString(), seats_total: d.seats_total })),
      });

      const statuses: number[] = [];
      const book = (n: number) =>
        json(instance(n % 2), '/api/v1/bookings', {
          method: 'POST',
          token: tokens[n % TRAVELLERS],
          body: JSON.stringify({
            idea_id: ideaId,
            idea_date_id: departure.id,
            adults: 1,
            children: 0,
            contact: { name: 'Гость', phone: '+79141112233' },
          }),
        }).then((answer) => statuses.push(answer.status));
      const perRound = 1_000 / ROUNDS;
      for (let round = 0; round < ROUNDS; round++) {
        const bookings = Array.from({ length: perRound }, (_, n) => book(round * perRound + n));
        // The author re-saves the dates through A (the idea goes back to moderation), a moderator approves it through B.
        // Each asks again after a 503, as their browsers do: under the storm an instance may shed a write that waited
        // too long for the database, which changes nothing (the fresh-clone CI of 384285e, on a machine half as fast).
        const resaved = await servedAfterShedding(() =>
          json(instance(0), `/api/v1/ideas/${ideaId}`, { method: 'PATCH', token: ideaAuthor.token, body: resave }),
        );
        expect(resaved.status).toBe(200);
        const approved = await servedAfterShedding(() =>
          json(instance(1), `/api/v1/ideas/${ideaId}/approve`, { method: 'POST', token: moderator.token }),
        );
        expect(approved.status).toBe(200);
        await Promise.all(bookings);
      }

      const created = statuses.filter((status) => status === 201).length;
      expect(statuses.filter((status) => status >= 500 && status !== 503)).toEqual([]);
      const {
        rows: [seats],
      } = await client.query<{ left: number; booked: number; bookings: number }>(
        `select d.seats_left as left, coalesce(sum(b.adults + b.children), 0)::int as booked, count(b.id)::int as bookings
         from idea_dates d left join bookings b on b.idea_date_id = d.id and b.status = 'confirmed'
         where d.id = $1 group by d.id`,
        [departure.id],
      );
      expect(seats.bookings).toBe(created);
      expect(seats.left).toBe(SEATS - seats.booked);
      expect(created).toBeGreaterThan(0);
    } finally {
      await client.end();
    }
  });

  it('gives Prometheus each instance’s own metrics on loopback, and nothing through nginx', async () => {
    const counted = /^http_requests_total\{[^}]*route="\/api\/v1\/categories"[^}]*\} [1-9]/m;
    for (const index of [0, 1]) {
      await (await fetch(`${instance(index)}/api/v1/categories`)).text();
      // A request is counted when its connection is done with it, which may come just after the client has read it.
      let text = '';
      const seen = await within(2_000, async () => {
        const scrape = await fetch(`${instance(index)}/api/metrics`);
        expect(scrape.status).toBe(200);
        text = await scrape.text();
        return counted.test(text);
      });
      expect(seen, text.slice(0, 2_000)).toBe(true);
      expect(text).toMatch(/^db_pool_size [1-9]/m);
    }
    // nginx passes the client's address on: a visitor from outside is no loopback scraper.
    const throughNginx = await fetch(`http://127.0.0.1:${PORT}/api/metrics`, {
      headers: { 'x-forwarded-for': '203.0.113.9' },
    });
    expect(throughNginx.status).toBe(404);
  });

  it('micro-caches anonymous pages in nginx, never signed-in ones or the API', async () => {
    const page = `${cluster!.url}/en/go/${SEED_IDEAS.findIndex((idea) => idea.status === 'published') + 1}`;
    const statuses = async (url: string, headers: Record<string, string> = {}) => {
      const response = await fetch(url, { headers });
      await response.arrayBuffer();
      return response.headers.get('x-cache-status');
    };
    await statuses(page);
    expect(await statuses(page)).toBe('HIT');
    expect(await statuses(page, { cookie: 'sopka_session=anything' })).toBe('BYPASS');
    expect(await statuses(`${cluster!.url}/api/v1/categories`)).toBeNull();
  });

  it('answers the listing at /go through nginx, without a redirect to the path it is rendered under', async () => {
    for (const pathname of ['/go', '/go?category_id=2', '/en/go']) {
      const response = await fetch(cluster!.url + pathname, { redirect: 'manual' });
      expect(response.status).toBe(200);
      expect(await response.text()).toContain('<h1');
    }
  });

  it('sends the build’s files precompressed: brotli to browsers that accept it, gzip to the others, the same bytes', async () => {
    const html = await (await fetch(`${cluster!.url}/en/go`)).text();
    const script = html.match(/<script src="(\/_next\/static\/[^"]+\.js)"/)![1];
    const plain = await rawGet(cluster!.url + script, '');
    expect(plain.headers['content-encoding']).toBeUndefined();
    const brotli = await rawGet(cluster!.url + script, 'gzip, deflate, br');
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(brotli.body)).toEqual(plain.body);
    // Compressed once at the highest level, not per request: a copy sits beside the build's file.
    expect(brotli.body.length).toBe(statSync(`.next${script.slice('/_next'.length)}.br`).size);
    const gzip = await rawGet(cluster!.url + script, 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzip.body)).toEqual(plain.body);
    expect(gzip.headers.vary).toBe('Accept-Encoding');
  });

  it('compresses pages with brotli for browsers that accept it', async () => {
    const page = await rawGet(`${cluster!.url}/en/go`, 'gzip, deflate, br');
    expect(page.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(page.body).toString('utf8')).toContain('<h1');
  });

  it('serves HTTPS with HTTP/2 when given a certificate', async () => {
    const port = PORT + 1;
    const tls = makeLocalCertificate(workDir);
    const url = `https://localhost:${port}`;
    const nginx = await startFront({
      listen: `127.0.0.1:${port}`,
      url,
      upstreamPorts: [cluster!.instances[0].port],
      runDir: path.join(workDir, 'tls-front'),
      tls,
      output: (line: string) => output.push(line),
    });
    const session = http2.connect(url, { ca: readFileSync(tls.certificate) });
    try {
      const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
        const stream = session.request({ ':path': '/en/go', 'accept-encoding': 'identity' });
        let status = 0;
        let body = '';
        stream.setEncoding('utf8');
        stream.on('response', (headers) => (status = Number(headers[':status'])));
        stream.on('data', (chunk) => (body += chunk));
        stream.on('end', () => resolve({ status, body }));
        stream.on('error', reject);
      });
      expect(answer.status).toBe(200);
      expect(answer.body).toContain('<h1');
      expect(session.alpnProtocol).toBe('h2');
    } finally {
      session.close();
      await stopFront(nginx);
    }
  });

  it('passes the app’s own 503s on and keeps routing: a 503 is no sign of a broken instance', async () => {
    // The app answers 503 for the whole system (SERVICE_MODE, database down) and for its 503 page; counted as
    // failures, a few of them would mark every instance down and turn the next answers into nginx's own 502.
    for (let attempt = 0; attempt < 6; attempt++)
      expect((await fetch(`${cluster!.url}/en/error/e503`)).status).toBe(503);
    for (let attempt = 0; attempt < 4; attempt++)
      expect((await fetch(`${cluster!.url}/api/v1/categories`)).status).toBe(200);
  });

  it('loses no request through nginx when an instance is killed (SIGKILL) under a 20-connection load', async () => {
    const { data } = (await json(cluster!.url, '/api/v1/ideas?per_page=3')).body;
    const paths = [
      `/en/go/${data[0].hid}`,
      '/api/v1/ideas?per_page=5',
      `/api/v1/ideas/${data[1].hid}`,
      '/en/go',
      '/en',
      '/api/v1/categories',
    ];
    // Each page rendered once on each instance before, as on a live site: the load measures serving, not first renders.
    for (const base of [instance(0), instance(1)])
      for (const pathname of paths) expect((await fetch(base + pathname)).status).toBe(200);
    // Kill A once the load is flowing through both instances.
    let answered = 0;
    let killedAt = 0;
    let flowing!: () => void;
    const loaded = new Promise<void>((resolve) => (flowing = resolve));
    const result = await new Promise<autocannon.Result>((resolve, reject) => {
      const load = autocannon(
        {
          url: cluster!.url,
          connections: 20,
          duration: 5,
          requests: paths.map((path) => ({ method: 'GET', path })),
        },
        (error, finished) => (error ? reject(error) : resolve(finished)),
      );
      load.on('response', () => {
        if (++answered === 100) flowing();
      });
      void loaded.then(() => {
        cluster!.instances[0].child.kill('SIGKILL');
        killedAt = answered;
      });
    });
    expect(cluster!.instances[0].child.signalCode).toBe('SIGKILL');
    // Requests kept being answered after the kill, by B alone.
    expect(result.requests.total).toBeGreaterThan(killedAt + 100);
    const lost = { non2xx: result.non2xx, errors: result.errors, timeouts: result.timeouts };
    expect(lost, `statuses: ${JSON.stringify(result.statusCodeStats)}`).toEqual({
      non2xx: 0,
      errors: 0,
      timeouts: 0,
    });
  }, 60_000);

  it('drains B on SIGTERM: a request it has begun is answered, then it exits 0', async () => {
    // A sign-in whose body is still on its way when the signal arrives: B has read its headers (it answered
    // 100 Continue), so the request is in flight for certain.
    const body = JSON.stringify({ email: 'nobody@example.com', password: 'wrong-password' });
    const exits: Promise<ProcessExit>[] = [];
    const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
      const request = http.request(`${instance(1)}/api/v1/auth/login`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          expect: '100-continue',
        },
      });
      request.on('continue', () => {
        request.write(body.slice(0, 10));
        const exit = cluster!.stopInstance(1);
        request.end(body.slice(10));
        exits.push(exit);
      });
      request.on('response', (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk) => (text += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text }));
      });
      request.on('error', reject);
    });
    const answered = await answer;
    expect(answered.status).toBe(422);
    expect(await exits[0]).toEqual({ code: 0, signal: null });
  }, 60_000);
});
