import { and, eq, like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { POST as ask } from '@/app/api/v1/ideas/[id]/conversation/route';
import { POST as write } from '@/app/api/v1/conversations/[hid]/messages/route';
import { POST as read } from '@/app/api/v1/conversations/[hid]/read/route';
import { GET as unsubscribeGet, POST as unsubscribePost } from '@/app/api/v1/notifications/unsubscribe/route';
import { GET as getSettings, PATCH as patchSettings } from '@/app/api/v1/users/[id]/notification-settings/route';
import { createUserWithProfile } from '@/lib/server/accounts/create-user';
import { issueSession } from '@/lib/server/accounts/issue-session';
import { MESSAGE_EMAIL_JOB, runMessageEmailJob } from '@/lib/server/conversations/message-email';
import { transaction } from '@/lib/server/db';
import { conversations, emailQueue, ideas, jobs, users } from '@/lib/server/db/schema';
import { apiDatabaseForFile, call } from '../support/api';

const database = apiDatabaseForFile({ EMAIL_DRIVER: 'outbox' });
const MINUTE = 60_000;

let made = 0;
async function account(locale: 'ru' | 'en' = 'ru') {
  const n = ++made;
  const email = `mail-${n}@example.test`;
  const user = await transaction((tx) => createUserWithProfile(tx, { name: `Читатель ${n}`, email, locale }));
  await database.db
    .update(users)
    .set({ createdAt: new Date(Date.now() - 30 * 86_400_000) })
    .where(eq(users.id, user.id));
  const session = await issueSession(user.id, 'user', { ip: '203.0.113.9', userAgent: null });
  return { id: user.id, email, auth: { authorization: `Bearer ${session.body.token}` } };
}

/** A traveller asks about a published idea of the seed; the guide writes back. */
async function conversationWithAnswer(index: number, travellerLocale: 'ru' | 'en' = 'en') {
  const rows = await database.db.select().from(ideas).where(eq(ideas.status, 'published')).orderBy(ideas.id);
  const idea = rows[index];
  const [author] = await database.db.select().from(users).where(eq(users.id, idea.authorId));
  const guide = {
    authorization: `Bearer ${(await issueSession(author.id, author.role, { ip: '203.0.113.10', userAgent: null })).body.token}`,
  };
  const traveller = await account(travellerLocale);
  const asked = await call(ask, `/api/v1/ideas/${idea.hid}/conversation`, {
    params: { id: idea.hid },
    headers: traveller.auth,
    json: { text: 'Здравствуйте!' },
  });
  const hid = asked.body.meta.conversation;
  const answer = () =>
    call(write, `/api/v1/conversations/${hid}/messages`, {
      params: { hid },
      headers: guide,
      json: { text: 'Добрый день!' },
    });
  await answer();
  const [conversation] = await database.db.select().from(conversations).where(eq(conversations.hid, hid));
  const [job] = await database.db
    .select()
    .from(jobs)
    .where(eq(jobs.key, `${MESSAGE_EMAIL_JOB}:${conversation.id}:${traveller.id}`));
  return { hid, traveller, answer, job };
}

const emailsTo = (to: string) =>
  database.db
    .select()
    .from(emailQueue)
    .where(and(eq(emailQueue.recipient, to), eq(emailQueue.kind, 'message')));

describe('emails about unread messages', () => {
  it('are scheduled a few minutes after a message, in the reader’s language, with a one-click unsubscribe', async () => {
    const { traveller, job } = await conversationWithAnswer(0);
    expect(job.kind).toBe(MESSAGE_EMAIL_JOB);
    expect(job.runAt.getTime() - Date.now()).toBeGreaterThan(MINUTE);
    expect(await runMessageEmailJob(job.payload, new Date(job.runAt))).toBe(true);
    const [email] = await emailsTo(traveller.email);
    expect(email.subject).toMatch(/wrote to you about/);
    expect(email.text).toContain('/en/account/messages/');
    expect(email.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    const link = /^<(.+)>$/.exec(email.headers['List-Unsubscribe'])![1];
    expect(email.text).toContain(link);

    // One-click: the mail client POSTs the link; message emails are off from then on.
    const url = new URL(link);
    const done = await call(unsubscribePost, `${url.pathname}${url.search}`, { method: 'POST' });
    expect(done.status).toBe(204);
    const [user] = await database.db.select().from(users).where(eq(users.id, traveller.id));
    expect(user.notificationSettings).toMatchObject({ messages: false, bookings: true });
    expect(await runMessageEmailJob(job.payload, new Date(job.runAt.getTime() + 60 * MINUTE))).toBe(false);

    const forged = url.search.replace(/.$/, (c) => (c === 'a' ? 'b' : 'a'));
    expect((await call(unsubscribePost, `${url.pathname}${forged}`, { method: 'POST' })).status).toBe(422);
    expect((await call(unsubscribePost, url.pathname, { method: 'POST' })).status).toBe(422);
    const page = await fetchText(unsubscribeGet, `${url.pathname}${url.search}`);
    expect(page.status).toBe(200);
    expect(page.text).toContain('Готово');
  });

  it('go at most once per conversation in 15 minutes, and not at all once read', async () => {
    const { hid, traveller, answer, job } = await conversationWithAnswer(1);
    const at = new Date(job.runAt);
    expect(await runMessageEmailJob(job.payload, at)).toBe(true);
    await answer();
    // A new message within 15 minutes: its job waits for the window's end, and an early run sends nothing.
    const [next] = await database.db.select().from(jobs).where(eq(jobs.key, job.key!));
    expect(next.runAt.getTime()).toBeGreaterThanOrEqual(Date.now() + 3 * MINUTE - 5_000);
    expect(await runMessageEmailJob(job.payload, new Date(at.getTime() + 5 * MINUTE))).toBe(false);
    expect(await runMessageEmailJob(job.payload, new Date(at.getTime() + 16 * MINUTE))).toBe(true);
    expect(await emailsTo(traveller.email)).toHaveLength(2);

    await answer();
    await call(read, `/api/v1/conversations/${hid}/read`, { params: { hid }, headers: traveller.auth, method: 'POST' });
    expect(await runMessageEmailJob(job.payload, new Date(at.getTime() + 60 * MINUTE))).toBe(false);
    expect(await emailsTo(traveller.email)).toHaveLength(2);
  });
});

describe('notification settings', () => {
  it('are read and changed by their owner only; marketing is off by default', async () => {
    const me = await account();
    const other = await account();
    const path = `/api/v1/users/${me.id}/notification-settings`;
    const mine = await call(getSettings, path, { params: { id: String(me.id) }, headers: me.auth });
    expect(mine.body.data.attributes).toEqual({ messages: true, bookings: true, reminders: true, marketing: false });
    const changed = await call(patchSettings, path, {
      params: { id: String(me.id) },
      headers: me.auth,
      method: 'PATCH',
      json: { marketing: true, reminders: false },
    });
    expect(changed.body.data.attributes).toEqual({ messages: true, bookings: true, reminders: false, marketing: true });
    expect((await call(getSettings, path, { params: { id: String(me.id) }, headers: other.auth })).status).toBe(403);
    const bad = await call(patchSettings, path, {
      params: { id: String(me.id) },
      headers: me.auth,
      method: 'PATCH',
      json: { messages: 'yes' },
    });
    expect(bad.status).toBe(422);
    const unknown = await call(patchSettings, path, {
      params: { id: String(me.id) },
      headers: me.auth,
      method: 'PATCH',
      json: { sms: true },
    });
    expect(unknown.status).toBe(422);
    expect((await database.db.select().from(emailQueue).where(like(emailQueue.recipient, me.email))).length).toBe(0);
  });
});

async function fetchText(handler: typeof unsubscribeGet, path: string) {
  const { NextRequest } = await import('next/server');
  const response = await handler(new NextRequest(new URL(path, 'http://localhost:3000')), {
    params: Promise.resolve({}),
  });
  return { status: response.status, text: await response.text() };
}
