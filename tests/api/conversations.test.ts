import { and, desc, eq, inArray, isNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { POST as ask } from '@/app/api/v1/ideas/[id]/conversation/route';
import { GET as inbox } from '@/app/api/v1/conversations/route';
import { GET as readMessages, POST as write } from '@/app/api/v1/conversations/[hid]/messages/route';
import { POST as read } from '@/app/api/v1/conversations/[hid]/read/route';
import { POST as report } from '@/app/api/v1/messages/[hid]/report/route';
import { GET as reports } from '@/app/api/v1/moderation/message-reports/route';
import { POST as hide } from '@/app/api/v1/moderation/messages/[hid]/hide/route';
import { POST as blockSender } from '@/app/api/v1/moderation/messages/[hid]/block-sender/route';
import { GET as ideaDetail } from '@/app/api/v1/ideas/[id]/route';
import { CONTACT_MARKER } from '@/lib/conversations/contact-mask';
import { createUserWithProfile } from '@/lib/server/accounts/create-user';
import { issueSession } from '@/lib/server/accounts/issue-session';
import { openConversation } from '@/lib/server/conversations/post-message';
import { transaction } from '@/lib/server/db';
import { conversations, ideas, userEvents, users } from '@/lib/server/db/schema';
import type { UserRole } from '@/lib/server/db/schema';
import { apiDatabaseForFile, call } from '../support/api';
import { postBooking } from '../support/bookings';

const database = apiDatabaseForFile({ EMAIL_DRIVER: 'outbox' });
const DAY_MS = 86_400_000;

let made = 0;
/** A fresh account (a month old unless told) with its Authorization header. */
async function account({ ageDays = 30, role = 'user' as UserRole, locale = 'ru' as const } = {}) {
  const n = ++made;
  const user = await transaction((tx) =>
    createUserWithProfile(tx, { name: `Путник ${n}`, email: `traveller-${n}@example.test`, locale }),
  );
  await database.db
    .update(users)
    .set({ role, createdAt: new Date(Date.now() - ageDays * DAY_MS) })
    .where(eq(users.id, user.id));
  const session = await issueSession(user.id, role, { ip: '203.0.113.9', userAgent: null });
  return { id: user.id, name: `Путник ${n}`, auth: { authorization: `Bearer ${session.body.token}` } };
}

/** Published ideas of the seed, each with its guide signed in. */
async function ideaWithGuide(index = 0) {
  const rows = await database.db
    .select({ id: ideas.id, hid: ideas.hid, authorId: ideas.authorId })
    .from(ideas)
    .where(and(eq(ideas.status, 'published'), isNull(ideas.deletedAt)))
    .orderBy(ideas.id);
  const idea = rows[index];
  const [author] = await database.db.select().from(users).where(eq(users.id, idea.authorId));
  const session = await issueSession(author.id, author.role, { ip: '203.0.113.10', userAgent: null });
  return { idea, guide: { id: author.id, name: author.name, auth: { authorization: `Bearer ${session.body.token}` } } };
}

const askAs = (auth: Record<string, string>, ideaHid: string, text: unknown, headers: Record<string, string> = {}) =>
  call(ask, `/api/v1/ideas/${ideaHid}/conversation`, {
    params: { id: ideaHid },
    headers: { ...auth, ...headers },
    json: { text },
  });
const writeAs = (auth: Record<string, string>, hid: string, text: unknown) =>
  call(write, `/api/v1/conversations/${hid}/messages`, { params: { hid }, headers: auth, json: { text } });
const messagesOf = (auth: Record<string, string>, hid: string, query = '', headers: Record<string, string> = {}) =>
  call(readMessages, `/api/v1/conversations/${hid}/messages${query}`, {
    params: { hid },
    headers: { ...auth, ...headers },
  });
const inboxOf = (auth: Record<string, string>, query = '') =>
  call(inbox, `/api/v1/conversations${query}`, { headers: auth });

describe('asking the guide', () => {
  it('opens the conversation once, and both sides see it in their inbox with unread counts', async () => {
    const { idea, guide } = await ideaWithGuide(0);
    const traveller = await account();
    const first = await askAs(traveller.auth, idea.hid, '  Здравствуйте! Есть места на субботу?  ');
    expect(first.status).toBe(201);
    expect(first.body.data.attributes).toMatchObject({
      text: 'Здравствуйте! Есть места на субботу?',
      mine: true,
      kind: 'text',
    });
    const again = await askAs(traveller.auth, idea.hid, 'И можно с ребёнком?');
    expect(again.body.meta.conversation).toBe(first.body.meta.conversation);
    const hid = first.body.meta.conversation;

    const guideInbox = await inboxOf(guide.auth);
    const entry = guideInbox.body.data.find((c: any) => c.hid === hid);
    expect(entry.attributes).toMatchObject({ role: 'guide', unread_count: 2, contacts_visible: false });
    expect(entry.attributes.last_message).toMatchObject({ text: 'И можно с ребёнком?', mine: false });
    expect(entry.relationships.other.data.name).toBe(traveller.name);
    expect(entry.relationships.idea.data.hid).toBe(idea.hid);
    expect(guideInbox.body.meta.unread_total).toBeGreaterThanOrEqual(2);

    const mine = await inboxOf(traveller.auth);
    expect(mine.body.data[0]).toMatchObject({ hid, attributes: { role: 'traveller', unread_count: 0 } });
    expect(mine.body.data[0].relationships.other.data.name).toBe(guide.name);

    // The guide answers: the traveller has one unread; reading moves the marker and tells the guide.
    expect((await writeAs(guide.auth, hid, 'Да, места есть, с ребёнком можно.')).status).toBe(201);
    expect((await inboxOf(traveller.auth)).body.meta.unread_total).toBe(1);
    const marked = await call(read, `/api/v1/conversations/${hid}/read`, {
      params: { hid },
      headers: traveller.auth,
      method: 'POST',
    });
    expect(marked.body.meta.unread_total).toBe(0);
    expect((await inboxOf(traveller.auth)).body.data[0].attributes.unread_count).toBe(0);
    const [event] = await database.db
      .select()
      .from(userEvents)
      .where(and(eq(userEvents.userId, guide.id), eq(userEvents.type, 'read')))
      .orderBy(desc(userEvents.id))
      .limit(1);
    expect(event.payload).toEqual({ conversation: hid });
  });

  it('refuses the guide’s own idea, unknown ideas and bad text', async () => {
    const { idea, guide } = await ideaWithGuide(1);
    expect((await askAs(guide.auth, idea.hid, 'Сам себе')).status).toBe(409);
    const traveller = await account();
    expect((await askAs(traveller.auth, 'zzzzzzzz', 'Привет')).status).toBe(404);
    expect((await askAs(traveller.auth, idea.hid, '   ')).status).toBe(422);
    expect((await askAs(traveller.auth, idea.hid, 'я'.repeat(4001))).status).toBe(422);
    expect((await askAs(traveller.auth, idea.hid, 'a\u0000b')).status).toBe(422);
    expect((await askAs(traveller.auth, idea.hid, 42)).status).toBe(422);
    expect((await askAs({}, idea.hid, 'Привет')).status).toBe(401);
    expect((await askAs(traveller.auth, idea.hid, 'я'.repeat(4000))).status).toBe(201);
  });
});

describe('the inbox', () => {
  it('pages by last activity with a cursor: every conversation once, newest first, the unread total over all', async () => {
    const traveller = await account();
    const hids: string[] = [];
    for (const index of [1, 2, 3, 4, 5]) {
      const { idea, guide } = await ideaWithGuide(index);
      const conversation = await transaction((tx) =>
        openConversation(tx, { ideaId: idea.id, travellerId: traveller.id, guideId: guide.id }),
      );
      await writeAs(traveller.auth, conversation.hid, `Вопрос ${index}`);
      hids.push(conversation.hid);
    }
    // Two conversations of the same instant are ordered by id, and the cursor keeps them apart.
    await database.db
      .update(conversations)
      .set({ lastMessageAt: new Date('2026-11-01T10:00:00.123456Z') })
      .where(inArray(conversations.hid, hids.slice(1, 3)));
    const expected = [...[hids[4], hids[3], hids[0]], ...hids.slice(1, 3).reverse()];
    const seen: string[] = [];
    let before: string | null = null;
    do {
      const page = await inboxOf(traveller.auth, `?limit=2${before ? `&before=${before}` : ''}`);
      expect(page.status).toBe(200);
      expect(page.body.data.length).toBeLessThanOrEqual(2);
      seen.push(...page.body.data.map((c: { hid: string }) => c.hid));
      before = page.body.meta.next_before;
    } while (before);
    expect(seen).toEqual(expected);
    expect((await inboxOf(traveller.auth)).body.meta).toMatchObject({ next_before: null });
  });

  it('answers 422 to a malformed cursor or limit', async () => {
    const traveller = await account();
    for (const query of ['?before=yesterday', '?before=12_x', '?limit=0', '?limit=500'])
      expect((await inboxOf(traveller.auth, query)).status, query).toBe(422);
  });
});

describe('reading a conversation', () => {
  it('pages newest first with a cursor, and hides it from strangers', async () => {
    const { idea } = await ideaWithGuide(2);
    const traveller = await account();
    const hid = (await askAs(traveller.auth, idea.hid, 'Сообщение 1')).body.meta.conversation;
    for (let i = 2; i <= 5; i++) await writeAs(traveller.auth, hid, `Сообщение ${i}`);
    const seen: string[] = [];
    let before: string | null = null;
    do {
      const page: any = await messagesOf(traveller.auth, hid, `?limit=2${before ? `&before=${before}` : ''}`);
      expect(page.status).toBe(200);
      seen.push(...page.body.data.map((m: any) => m.attributes.text));
      before = page.body.meta.next_before;
    } while (before);
    expect(seen).toEqual(['Сообщение 5', 'Сообщение 4', 'Сообщение 3', 'Сообщение 2', 'Сообщение 1']);

    const stranger = await account();
    expect((await messagesOf(stranger.auth, hid)).status).toBe(404);
    expect((await writeAs(stranger.auth, hid, 'Я тоже')).status).toBe(404);
    expect((await messagesOf(traveller.auth, 'zzzzzzzz')).status).toBe(404);
    expect((await messagesOf(traveller.auth, hid, '?before=12')).status).toBe(422);
    expect((await messagesOf(traveller.auth, hid, '?limit=0')).status).toBe(422);
  });
});

describe('contacts', () => {
  it('are masked for the other side until a booking is confirmed; the sender and moderators read the original', async () => {
    const { idea, guide } = await ideaWithGuide(3);
    const traveller = await account();
    const text = 'Мой номер +7 (914) 123-45-67, пишите';
    const hid = (await askAs(traveller.auth, idea.hid, text)).body.meta.conversation;

    const asGuide = await messagesOf(guide.auth, hid);
    expect(asGuide.body.data[0].attributes).toMatchObject({
      text: `Мой номер ${CONTACT_MARKER}, пишите`,
      masked: true,
    });
    expect(asGuide.body.data[0].attributes.original_text).toBeUndefined();
    expect((await messagesOf(traveller.auth, hid)).body.data[0].attributes).toMatchObject({ text, masked: false });
    const moderator = await account({ role: 'moderator' });
    expect((await messagesOf(moderator.auth, hid)).body.data[0].attributes.original_text).toBe(text);
    expect(
      (await inboxOf(guide.auth)).body.data.find((c: any) => c.hid === hid).attributes.last_message.text,
    ).toContain(CONTACT_MARKER);

    // A confirmed booking of the pair: contacts are shown, and the booking tells of itself in the conversation.
    const detail = await call(ideaDetail, `/api/v1/ideas/${idea.id}`, { params: { id: String(idea.id) } });
    const date = detail.body.data.relationships.futureDates.data[0];
    const booked = await postBooking(traveller.auth, idea.id, date.id);
    expect(booked.status).toBe(201);
    expect(booked.body.data.attributes.conversation_hid).toBe(hid);
    const after = await messagesOf(guide.auth, hid, '', { Locale: 'en' });
    expect(after.body.meta.conversation.attributes.contacts_visible).toBe(true);
    expect(after.body.data[0].attributes).toMatchObject({
      kind: 'system',
      text: 'Booking made',
      event: { type: 'booking_created', booking_hid: booked.body.data.hid },
    });
    expect(after.body.data[1].attributes).toMatchObject({ text, masked: false });
  });

  it('every booking opens its conversation with a system message', async () => {
    const { idea, guide } = await ideaWithGuide(4);
    const traveller = await account();
    const detail = await call(ideaDetail, `/api/v1/ideas/${idea.id}`, { params: { id: String(idea.id) } });
    const booked = await postBooking(traveller.auth, idea.id, detail.body.data.relationships.futureDates.data[0].id);
    const hid = booked.body.data.attributes.conversation_hid;
    expect(hid).toBeTruthy();
    const page = await messagesOf(guide.auth, hid);
    expect(page.body.data).toHaveLength(1);
    expect(page.body.data[0].attributes).toMatchObject({
      kind: 'system',
      text: 'Бронирование создано',
      sender_role: null,
    });
    // A booking counts as reaching out: the guide may write first.
    expect((await writeAs(guide.auth, hid, 'Спасибо за бронь! Жду вас.')).status).toBe(201);
  });
});

describe('who may write', () => {
  it('a guide cannot write to a traveller who never wrote nor booked', async () => {
    const { idea, guide } = await ideaWithGuide(5);
    const traveller = await account();
    const conversation = await transaction((tx) =>
      openConversation(tx, { ideaId: idea.id, travellerId: traveller.id, guideId: guide.id }),
    );
    expect((await writeAs(guide.auth, conversation.hid, 'Купите экскурсию!')).status).toBe(403);
    await writeAs(traveller.auth, conversation.hid, 'Здравствуйте');
    expect((await writeAs(guide.auth, conversation.hid, 'Здравствуйте! Чем помочь?')).status).toBe(201);
  });

  it('reports go to moderators, who hide the message and block the sender from messaging', async () => {
    const { idea, guide } = await ideaWithGuide(6);
    const traveller = await account();
    const hid = (await askAs(traveller.auth, idea.hid, 'Здравствуйте')).body.meta.conversation;
    const spam = (await writeAs(guide.auth, hid, 'Грубость и спам')).body.data.hid;
    const own = (await messagesOf(traveller.auth, hid)).body.data.find((m: any) => m.attributes.mine).hid;
    const reportAs = (auth: Record<string, string>, messageHid: string) =>
      call(report, `/api/v1/messages/${messageHid}/report`, {
        params: { hid: messageHid },
        headers: auth,
        json: { reason: 'спам' },
      });
    expect((await reportAs(traveller.auth, own)).status).toBe(409);
    expect((await reportAs((await account()).auth, spam)).status).toBe(404);
    expect((await reportAs(traveller.auth, spam)).status).toBe(204);

    expect((await call(reports, '/api/v1/moderation/message-reports', { headers: traveller.auth })).status).toBe(403);
    const moderator = await account({ role: 'moderator' });
    const list = await call(reports, '/api/v1/moderation/message-reports', { headers: moderator.auth });
    expect(list.body.data.find((r: any) => r.attributes.message_hid === spam).attributes).toMatchObject({
      message_text: 'Грубость и спам',
      reason: 'спам',
      sender_name: guide.name,
    });
    const moderate = (route: typeof hide, action: string) =>
      call(route, `/api/v1/moderation/messages/${spam}/${action}`, {
        params: { hid: spam },
        headers: moderator.auth,
        method: 'POST',
      });
    expect((await moderate(hide, 'hide')).status).toBe(204);
    expect((await messagesOf(traveller.auth, hid)).body.data.map((m: any) => m.hid)).not.toContain(spam);
    expect((await messagesOf(guide.auth, hid)).body.data.find((m: any) => m.hid === spam).attributes.hidden).toBe(true);
    expect((await moderate(blockSender, 'block-sender')).status).toBe(204);
    expect((await writeAs(guide.auth, hid, 'Ещё')).status).toBe(403);
    // Blocked from writing, not from reading.
    expect((await messagesOf(guide.auth, hid)).status).toBe(200);
    const list2 = await call(reports, '/api/v1/moderation/message-reports', { headers: moderator.auth });
    expect(list2.body.data.map((r: any) => r.attributes.message_hid)).not.toContain(spam);
  });
});

describe('limits', () => {
  it('answers 429 with Retry-After past the per-user message rate', async () => {
    const { idea } = await ideaWithGuide(7);
    const traveller = await account();
    const hid = (await askAs(traveller.auth, idea.hid, 'Первое')).body.meta.conversation;
    for (let i = 2; i <= 10; i++) expect((await writeAs(traveller.auth, hid, `Сообщение ${i}`)).status).toBe(201);
    const refused = await writeAs(traveller.auth, hid, 'Одиннадцатое');
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('lets an account younger than 7 days open 10 conversations a day', async () => {
    const fresh = await account({ ageDays: 1 });
    for (let i = 0; i < 10; i++) {
      const { idea } = await ideaWithGuide(10 + i);
      expect((await askAs(fresh.auth, idea.hid, 'Здравствуйте')).status).toBe(201);
    }
    const { idea } = await ideaWithGuide(20);
    const refused = await askAs(fresh.auth, idea.hid, 'Здравствуйте');
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(80_000);
  });
});
