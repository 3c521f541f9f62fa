import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  emailConfirmations,
  emailOutbox,
  emailQueue,
  passwordResets,
  phoneVerifications,
  rateLimits,
  sessions,
  smsOutbox,
  userEvents,
} from '@/lib/server/db/schema';
import { PURGE_BATCH_SIZE, purgeExpired } from '@/lib/server/db/purge';
import { apiDatabaseForFile } from '../support/api';

const database = apiDatabaseForFile();

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

/** One row of each kind that has ended, and ones that are still needed; tags tell them apart. */
async function insertRows(now: Date, tag: string) {
  const at = (offset: number) => new Date(now.getTime() + offset);
  const session = (name: string, expiresIn: number, extra: Partial<typeof sessions.$inferInsert> = {}) => ({
    userId: 1,
    familyId: `${tag}-${name}`,
    tokenHash: `${tag}-${name}-${randomUUID()}`,
    expiresAt: at(expiresIn),
    ...extra,
  });
  await database.db
    .insert(sessions)
    .values([
      session('expired-long-ago', -2 * DAY),
      session('revoked-long-ago', -2 * DAY, { revokedAt: at(-3 * DAY) }),
      session('live', 30 * DAY),
      session('live-rotated', 29 * DAY, { rotatedAt: at(-HOUR) }),
      session('expired-recently', -HOUR),
      session('revoked-recently', -2 * DAY, { revokedAt: at(-HOUR) }),
    ]);
  const verification = (name: string, expiresIn: number) => ({
    id: `${tag}-${name}`,
    phone: '+79140000000',
    codeHash: 'x',
    expiresAt: at(expiresIn),
    resendAfter: at(expiresIn - 4 * 60_000),
  });
  await database.db
    .insert(phoneVerifications)
    .values([verification('expired', -60_000), verification('live', 5 * 60_000)]);
  await database.db.insert(rateLimits).values([
    { key: `${tag}-reset`, count: 3, resetAt: at(-1_000) },
    { key: `${tag}-open`, count: 3, resetAt: at(HOUR) },
  ]);
  await database.db.insert(smsOutbox).values([
    { phone: `${tag}-old`, text: 'code', createdAt: at(-2 * DAY) },
    { phone: `${tag}-recent`, text: 'code', createdAt: at(-HOUR) },
  ]);
  const email = (name: string, extra: Partial<typeof emailQueue.$inferInsert> = {}) => ({
    kind: 'test',
    recipient: `${tag}-${name}`,
    subject: 's',
    text: 't',
    html: 'h',
    ...extra,
  });
  await database.db
    .insert(emailQueue)
    .values([
      email('sent-long-ago', { sentAt: at(-8 * DAY) }),
      email('failed-long-ago', { failedAt: at(-8 * DAY) }),
      email('sent-recently', { sentAt: at(-DAY) }),
      email('waiting-since-long-ago', { createdAt: at(-30 * DAY), nextAttemptAt: at(-30 * DAY) }),
    ]);
  await database.db.insert(emailOutbox).values([
    { recipient: `${tag}-old`, subject: 's', text: 't', html: 'h', createdAt: at(-2 * DAY) },
    { recipient: `${tag}-recent`, subject: 's', text: 't', html: 'h', createdAt: at(-HOUR) },
  ]);
  await database.db.insert(passwordResets).values([
    { userId: 1, tokenHash: `${tag}-expired-long-ago`, expiresAt: at(-2 * DAY) },
    { userId: 1, tokenHash: `${tag}-expired-recently`, expiresAt: at(-HOUR) },
    { userId: 1, tokenHash: `${tag}-live`, expiresAt: at(HOUR) },
  ]);
  await database.db.insert(emailConfirmations).values([
    { userId: 1, email: 'a@example.com', tokenHash: `${tag}-expired-long-ago`, expiresAt: at(-2 * DAY) },
    { userId: 1, email: 'a@example.com', tokenHash: `${tag}-expired-recently`, expiresAt: at(-HOUR) },
    { userId: 1, email: 'a@example.com', tokenHash: `${tag}-live`, expiresAt: at(HOUR) },
  ]);
  await database.db.insert(userEvents).values([
    { userId: 1, type: 'message', payload: { tag: `${tag}-old` }, createdAt: at(-DAY - HOUR) },
    { userId: 1, type: 'message', payload: { tag: `${tag}-recent` }, createdAt: at(-HOUR) },
  ]);
}

async function remaining(tag: string) {
  const [
    sessionRows,
    verificationRows,
    limitRows,
    outboxRows,
    queueRows,
    emailOutboxRows,
    resetRows,
    confirmationRows,
    eventRows,
  ] = await Promise.all([
    database.db.select({ name: sessions.familyId }).from(sessions),
    database.db.select({ name: phoneVerifications.id }).from(phoneVerifications),
    database.db.select({ name: rateLimits.key }).from(rateLimits),
    database.db.select({ name: smsOutbox.phone }).from(smsOutbox),
    database.db.select({ name: emailQueue.recipient }).from(emailQueue),
    database.db.select({ name: emailOutbox.recipient }).from(emailOutbox),
    database.db.select({ name: passwordResets.tokenHash }).from(passwordResets),
    database.db.select({ name: emailConfirmations.tokenHash }).from(emailConfirmations),
    database.db.select({ name: sql<string>`${userEvents.payload}->>'tag'` }).from(userEvents),
  ]);
  const mine = (rows: { name: string }[]) =>
    rows
      .map((r) => r.name)
      .filter((name) => name.startsWith(`${tag}-`))
      .sort();
  return {
    sessions: mine(sessionRows),
    verifications: mine(verificationRows),
    rateLimits: mine(limitRows),
    outbox: mine(outboxRows),
    emailQueue: mine(queueRows),
    emailOutbox: mine(emailOutboxRows),
    passwordResets: mine(resetRows),
    emailConfirmations: mine(confirmationRows),
    userEvents: mine(eventRows),
  };
}

const kept = (tag: string) => ({
  sessions: [`${tag}-expired-recently`, `${tag}-live`, `${tag}-live-rotated`, `${tag}-revoked-recently`],
  verifications: [`${tag}-live`],
  rateLimits: [`${tag}-open`],
  outbox: [`${tag}-recent`],
  emailQueue: [`${tag}-sent-recently`, `${tag}-waiting-since-long-ago`],
  emailOutbox: [`${tag}-recent`],
  passwordResets: [`${tag}-expired-recently`, `${tag}-live`],
  emailConfirmations: [`${tag}-expired-recently`, `${tag}-live`],
  userEvents: [`${tag}-recent`],
});

describe('purging expired rows', () => {
  it('deletes ended sessions, codes, rate-limit windows, old outbox messages, sent emails and old reset links, and keeps what is still needed', async () => {
    const now = new Date();
    await insertRows(now, 'one');
    const counts = await purgeExpired(database.db, now);
    expect(await remaining('one')).toEqual(kept('one'));
    expect(counts).toEqual({
      sessions: 2,
      phone_verifications: 1,
      rate_limits: 1,
      sms_outbox: 1,
      email_outbox: 1,
      email_queue: 2,
      password_resets: 1,
      email_confirmations: 1,
      user_events: 1,
    });
  });

  it('two purges at once both succeed and together delete every ended row, over several batches', async () => {
    const now = new Date();
    await insertRows(now, 'two');
    const windows = Array.from({ length: PURGE_BATCH_SIZE * 2 + 7 }, (_, n) => ({
      key: `two-many-${n}`,
      count: 1,
      resetAt: new Date(now.getTime() - 1_000),
    }));
    await database.db.insert(rateLimits).values(windows);
    const results = await Promise.allSettled([purgeExpired(database.db, now), purgeExpired(database.db, now)]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled']);
    expect(await remaining('two')).toEqual(kept('two'));
  });
});
