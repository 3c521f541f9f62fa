// `npm run bench:booking`: the server time a booking costs with and without paying online (issue 40). The build is
// started twice on the same seeded PGlite database (data/bench-booking, prepared once): PAYMENT_DRIVER=none, then
// PAYMENT_DRIVER=yookassa against the YooKassa emulator (tests/support/gateways, a process of its own on
// port + 1). Each run makes --bookings bookings one after another, then as many again --concurrency at a time, each
// of one adult on a departure of 1 000 seats the demo guide schedules for it. With the gateway, POST /bookings
// writes the payment row and opens the payment at the gateway before it answers, and each booking is then paid on
// the emulator's page, whose webhook the app settles (reading the payment back, confirming the booking, its emails
// and follow-ups) before the page answers: the settlement. It prints, per phase and driver, the median and p95 of
// each (timed on loopback: the server's own time and the emulator's answers) and the server's CPU per booking,
// settlement included, then what the gateway adds. Loopback only, bounded: a run takes about a minute.
// Options: --bookings 30 --concurrency 6 --port 3400 --data-dir data/bench-booking
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import {
  buildIfMissing,
  commandOptions,
  dayFromToday,
  median,
  run,
  signInByApi,
  startServer,
  waitForServer,
  withCpuPerAnswer,
} from './bench-support.mjs';

const values = commandOptions({ bookings: '30', concurrency: '6', port: '3400', 'data-dir': 'data/bench-booking' });
const BOOKINGS = Number(values.bookings);
const CONCURRENCY = Number(values.concurrency);
const PORT = Number(values.port);
const EMULATOR_PORT = PORT + 1;
const BASE = `http://localhost:${PORT}`;
const DATA_DIR = values['data-dir'];
// The demo guide of every seeded database (lib/server/demo/seed.ts).
const GUIDE = { email: 'anna@demo.sopka.travel', password: 'sopka-author-2026' };
/** An account books at most 3 times on one departure (lib/server/bookings/booking-limits.ts). */
const BOOKINGS_PER_TRAVELLER = 3;

const DRIVERS = {
  none: { PAYMENT_DRIVER: 'none' },
  yookassa: {
    PAYMENT_DRIVER: 'yookassa',
    PAYMENT_MODE: 'prepay',
    YOOKASSA_API_URL: `http://127.0.0.1:${EMULATOR_PORT}/v3`,
    YOOKASSA_SHOP_ID: '100500',
    // The emulator's defaults (tests/support/gateways/yookassa-emulator.ts).
    YOOKASSA_SECRET_KEY: 'test_emulator_secret',
  },
};

/** One phase's line: median and p95 of each time, and the server's CPU. */
const line = (row) =>
  `booking ${median(row.booking).toFixed(1)} / ${p95(row.booking).toFixed(1)} ms, settlement ${median(row.settlement).toFixed(1)} / ${p95(row.settlement).toFixed(1)} ms, server CPU ${row.cpu.toFixed(1)} ms/booking (median / p95)`;
const p95 = (numbers) =>
  [...numbers].sort((a, b) => a - b)[Math.min(numbers.length - 1, Math.floor(numbers.length * 0.95))];
const randomIp = () => `10.${[0, 0, 0].map(() => Math.floor(Math.random() * 250) + 1).join('.')}`;

async function api(path, { method = 'GET', headers = {}, body } = {}) {
  const response = await fetch(BASE + path, {
    method,
    headers: { 'content-type': 'application/json', ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${text}`);
  return text ? JSON.parse(text) : null;
}

/** A departure of 1 000 seats of one of the demo guide's instant ideas, at a time no other run picks. */
async function bigDeparture() {
  const { authorization, hid } = await signInByApi(BASE, GUIDE);
  const { data } = await api(`/api/v1/users/${hid}/ideas?limit=40`, { headers: { authorization } });
  const idea = data.find((i) => i.attributes.status === 'published' && i.attributes.booking_mode !== 'request');
  const day = dayFromToday(20 + Math.floor(Math.random() * 60));
  const time = `${String(6 + Math.floor(Math.random() * 15)).padStart(2, '0')}:${String(Math.floor(Math.random() * 60)).padStart(2, '0')}`;
  const weekday = ((new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7) + 1;
  const scheduled = await api(`/api/v1/ideas/${idea.hid}/departures/schedule`, {
    method: 'POST',
    headers: { authorization },
    body: { weekdays: [weekday], times: [time], from: day, to: day, seats: 1000 },
  });
  const startsAt = Date.parse(scheduled.data.departures[0].starts_at);
  const detail = await api(`/api/v1/ideas/${idea.hid}?include=futureDates`);
  const date = detail.data.relationships.futureDates.data.find((d) => Date.parse(d.attributes.starts_at) === startsAt);
  return { ideaHid: idea.hid, dateId: date.id };
}

/** Travellers enough for `count` bookings, each registered from an address of its own (registration limits). */
async function travellers(count) {
  const accounts = [];
  for (let i = 0; i < Math.ceil(count / BOOKINGS_PER_TRAVELLER); i++) {
    const id = `${Date.now()}-${i}-${Math.random().toString(36).slice(2, 8)}`;
    const password = `bench-${id}-A1`;
    const registered = await api('/api/v1/auth/register', {
      method: 'POST',
      headers: { 'x-forwarded-for': randomIp() },
      body: {
        name: `Bench ${i}`,
        email: `bench-${id}@example.com`,
        password,
        passwordConfirm: password,
        acceptPolicy: true,
      },
    });
    accounts.push({ authorization: `Bearer ${registered.token}`, ip: randomIp() });
  }
  return accounts;
}

/**
 * One booking of one adult, and with a gateway its payment: Pay on the emulator's page, which sends the webhook and
 * waits for the app's answer, so the booking is confirmed when it returns. The ms of each.
 */
async function timedBooking(account, departure) {
  const started = performance.now();
  const booked = await api('/api/v1/bookings', {
    method: 'POST',
    headers: { authorization: account.authorization, 'x-forwarded-for': account.ip },
    body: {
      idea_id: departure.ideaHid,
      idea_date_id: departure.dateId,
      adults: 1,
      children: 0,
      contact: { name: 'Bench', phone: '+79141234567' },
    },
  });
  const booking = performance.now() - started;
  if (!booked.meta?.payment_url) return { booking, settlement: 0 };
  const paying = performance.now();
  const paid = await fetch(`${booked.meta.payment_url}/succeed`, { method: 'POST', redirect: 'manual' });
  if (paid.status !== 303) throw new Error(`paying answered ${paid.status}`);
  return { booking, settlement: performance.now() - paying };
}

/**
 * `count` bookings, `concurrency` at a time, by the accounts in turn: their times (the booking, its settlement, and
 * both), and the server's CPU per booking, settlement included.
 */
async function bookings(serverPid, departure, accounts, count, concurrency) {
  const { result, serverCpu } = await withCpuPerAnswer(serverPid, async () => {
    const times = [];
    let next = 0;
    const worker = async () => {
      while (next < count) {
        const index = next++;
        times.push(await timedBooking(accounts[Math.floor(index / BOOKINGS_PER_TRAVELLER)], departure));
      }
    };
    await Promise.all(Array.from({ length: concurrency }, worker));
    return { times, requests: { total: count } };
  });
  const of = (pick) => result.times.map(pick);
  return {
    booking: of((t) => t.booking),
    settlement: of((t) => t.settlement),
    both: of((t) => t.booking + t.settlement),
    cpu: serverCpu,
  };
}

function startEmulator() {
  const child = spawn(process.execPath, ['--import', 'tsx', 'tests/support/gateways/serve-gateway.ts'], {
    env: {
      ...process.env,
      GATEWAY: 'yookassa',
      EMULATOR_PORT: String(EMULATOR_PORT),
      WEBHOOK_URL: `${BASE}/api/v1/payments/webhooks/yookassa`,
    },
    stdio: 'ignore',
  });
  return {
    child,
    /** Resolves once the emulator answers at all (any status: it has no health route). */
    async listening() {
      for (let i = 0; i < 120; i++) {
        if (child.exitCode !== null) throw new Error('the emulator stopped');
        if (
          await fetch(`http://127.0.0.1:${EMULATOR_PORT}/`).then(
            () => true,
            () => false,
          )
        )
          return;
        await new Promise((resolve) => setTimeout(resolve, 500));
      }
      throw new Error('the emulator did not start');
    },
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

buildIfMissing();
if (!existsSync(`${DATA_DIR}/db`)) run('npm', ['run', '--silent', 'db:prepare'], { DATA_DIR });

const results = {};
for (const [driver, env] of Object.entries(DRIVERS)) {
  const emulator = driver === 'yookassa' ? startEmulator() : null;
  const server = startServer({
    port: PORT,
    env: {
      DATA_DIR,
      SITE_URL: BASE,
      EMAIL_DRIVER: 'outbox',
      SMS_DRIVER: 'outbox',
      TRUST_PROXY_HOPS: '1',
      LOG_LEVEL: 'warn',
      NEXT_MANUAL_SIG_HANDLE: 'true',
      ...env,
    },
  });
  try {
    await waitForServer(server.child, `${BASE}/api/v1/categories`);
    if (emulator) await emulator.listening();
    const departure = await bigDeparture();
    const accounts = await travellers(2 * BOOKINGS + BOOKINGS_PER_TRAVELLER);
    // A warm-up booking: the first request of a route compiles and caches what it needs.
    await timedBooking(accounts.pop(), departure);
    const sequential = await bookings(server.pid, departure, accounts, BOOKINGS, 1);
    const concurrent = await bookings(
      server.pid,
      departure,
      accounts.slice(Math.ceil(BOOKINGS / BOOKINGS_PER_TRAVELLER)),
      BOOKINGS,
      CONCURRENCY,
    );
    results[driver] = { sequential, concurrent };
    for (const [phase, row] of Object.entries(results[driver])) console.log(`${driver} ${phase}: ${line(row)}`);
  } finally {
    await server.stop();
    await emulator?.stop();
  }
}

const ms = (numbers) => `${median(numbers).toFixed(1)} / ${p95(numbers).toFixed(1)}`;
console.log(
  `\n${BOOKINGS} bookings per phase; concurrent = ${CONCURRENCY} at a time; times median / p95 ms\n` +
    '| phase | driver | POST /bookings | settlement (webhook) | booking + settlement | server CPU ms/booking |\n' +
    '|---|---|---|---|---|---|',
);
for (const phase of ['sequential', 'concurrent']) {
  for (const driver of Object.keys(DRIVERS)) {
    const row = results[driver][phase];
    console.log(
      `| ${phase} | ${driver} | ${ms(row.booking)} | ${ms(row.settlement)} | ${ms(row.both)} | ${row.cpu.toFixed(1)} |`,
    );
  }
  const [none, paid] = [results.none[phase], results.yookassa[phase]];
  const added = (pick) => (pick(paid) - pick(none)).toFixed(1);
  console.log(
    `| ${phase} | added by yookassa | ${added((r) => median(r.booking))} | ${added((r) => median(r.settlement))} | ${added((r) => median(r.both))} | ${added((r) => r.cpu)} |`,
  );
}
