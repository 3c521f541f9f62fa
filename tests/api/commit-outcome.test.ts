/**
 * Issue 37 §1.1: a write's answer matches its outcome even when the database's reply is lost. The app talks to
 * PostgreSQL through a relay that holds back one reply past the client's own timeout, as a stalled network
 * would: the statement runs on the server, the client gives up waiting. PostgreSQL only (PGlite runs in-process).
 */
import { and, eq, gt } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POST as login } from '@/app/api/v1/auth/login/route';
import { POST as cancel } from '@/app/api/v1/bookings/[hid]/cancel/route';
import { setDatabase } from '@/lib/server/db';
import { connect, rowsOf, type Database } from '@/lib/server/db/client';
import { bookings, ideaDates } from '@/lib/server/db/schema';
import { AUTHOR_PASSWORD } from '@/lib/server/demo/seed';
import { SEED_AUTHORS, SEED_IDEAS } from '@/lib/server/demo/content/ideas';
import { call, setupApiDatabase } from '../support/api';
import { postBooking } from '../support/bookings';
import { startSlowLink, type SlowLink } from '../support/slow-link';

const adminUrl = process.env.TEST_DATABASE_URL;
/** The client stops waiting for a reply after the statement timeout plus 1 s (lib/server/db/client.ts). */
const STATEMENT_TIMEOUT_MS = 300;
const LATE_REPLY_MS = 2_500;

let direct: Awaited<ReturnType<typeof setupApiDatabase>>;
let slowLink: SlowLink;
let relayed: Database;

beforeAll(async () => {
  if (!adminUrl) return;
  direct = await setupApiDatabase();
  const [{ name }] = rowsOf<{ name: string }>(await direct.db.execute('select current_database() as name'));
  const server = new URL(adminUrl);
  slowLink = await startSlowLink({ host: server.hostname, port: Number(server.port || 5432) });
  const url = new URL(adminUrl);
  url.host = `127.0.0.1:${slowLink.port}`;
  url.pathname = `/${name}`;
  relayed = await connect({ url: url.toString(), timeouts: { statement: STATEMENT_TIMEOUT_MS } });
  setDatabase(relayed);
});
afterAll(async () => {
  if (!adminUrl) return;
  await relayed.close();
  await slowLink.close();
  await direct.dispose();
});

const ideaIndex = SEED_IDEAS.findIndex((idea) => idea.status === 'published' && idea.price !== null);
const ideaId = ideaIndex + 1;

async function traveller() {
  const other = SEED_AUTHORS.findIndex((_, index) => index !== SEED_IDEAS[ideaIndex].author);
  const { status, body } = await call(login, '/api/v1/auth/login', {
    json: { email: SEED_AUTHORS[other].email, password: AUTHOR_PASSWORD },
  });
  expect(status).toBe(200);
  return { authorization: `Bearer ${body.token}` };
}

async function departure() {
  const [date] = await direct.db
    .select()
    .from(ideaDates)
    .where(and(eq(ideaDates.ideaId, ideaId), gt(ideaDates.startsAt, new Date())))
    .orderBy(ideaDates.startsAt)
    .limit(1);
  return date;
}

const bookingsOf = (dateId: number) =>
  direct.db
    .select()
    .from(bookings)
    .where(and(eq(bookings.ideaDateId, dateId), eq(bookings.status, 'confirmed')));

const newBooking = (headers: Record<string, string>, dateId: number) => postBooking(headers, ideaId, dateId);

describe.skipIf(!adminUrl)('a write whose database reply is lost', () => {
  it('answers 201 for a booking whose COMMIT reply came too late, since the seat is taken', async () => {
    const headers = await traveller();
    const date = await departure();
    const before = await bookingsOf(date.id);

    slowLink.delayReplyTo('commit', LATE_REPLY_MS);
    const { status, body } = await newBooking(headers, date.id);

    const after = await bookingsOf(date.id);
    expect(after.length - before.length).toBe(1);
    expect(status).toBe(201);
    expect(body.data.hid).toBe(after.find((row) => !before.some((old) => old.id === row.id))!.hid);
    expect((await departure()).seatsLeft).toBe(date.seatsLeft - 1);
  });

  it('answers 503 and takes no seat when the reply to the seat UPDATE came too late', async () => {
    const headers = await traveller();
    const date = await departure();
    const before = await bookingsOf(date.id);

    slowLink.delayReplyTo('update "idea_dates"', LATE_REPLY_MS);
    const { status } = await newBooking(headers, date.id);

    expect(status).toBe(503);
    // The server finishes the statement it was sent, then the transaction is rolled back.
    await new Promise((resolve) => setTimeout(resolve, LATE_REPLY_MS));
    expect((await bookingsOf(date.id)).length).toBe(before.length);
    expect((await departure()).seatsLeft).toBe(date.seatsLeft);
  });

  it('answers 200 for a cancellation whose COMMIT reply came too late, since the seat is back', async () => {
    const headers = await traveller();
    const date = await departure();
    const booked = await newBooking(headers, date.id);
    expect(booked.status).toBe(201);

    slowLink.delayReplyTo('commit', LATE_REPLY_MS);
    const { status, body } = await call(cancel, `/api/v1/bookings/${booked.body.data.hid}/cancel`, {
      method: 'POST',
      params: { hid: booked.body.data.hid },
      headers,
    });

    expect(status).toBe(200);
    expect(body.data.attributes.status).toBe('cancelled');
    expect((await departure()).seatsLeft).toBe(date.seatsLeft);
  });
});
