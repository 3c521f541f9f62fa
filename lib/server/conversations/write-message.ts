import 'server-only';
import { and, asc, count, eq, gt, isNull, ne } from 'drizzle-orm';
import { parseIdOrHid } from '@/lib/contract/ids';
import type { TextLanguage } from '@/lib/i18n/text-languages';
import type { Viewer } from '../accounts/viewer';
import { getDb, transaction } from '../db';
import { bookings, conversations, ideas, messages } from '../db/schema';
import { ApiError, forbidden, notFound } from '../http/problem';
import { consume } from '../http/rate-limit';
import { eventsRecorded } from '../events/record-event';
import { conversationFor, contactsVisible, requireMessagingAllowed, roleIn } from './conversation-access';
import { scheduleMessageEmail } from './message-email';
import { postMessage, type Conversation, openConversation } from './post-message';
import { messageResource } from './resources';

/** Messages one account may write: a burst, and a day's worth. */
export const USER_MESSAGE_LIMITS = [
  { max: 10, windowSeconds: 60 },
  { max: 300, windowSeconds: 86_400 },
];
/** Messages one conversation takes from both sides together in ten minutes. */
export const CONVERSATION_MESSAGE_LIMIT = { max: 40, windowSeconds: 600 };
/** An account younger than this opens at most NEW_ACCOUNT_DAILY_CONVERSATIONS a day (spam from fresh accounts). */
export const NEW_ACCOUNT_DAYS = 7;
export const NEW_ACCOUNT_DAILY_CONVERSATIONS = 10;
const DAY_MS = 86_400_000;

async function consumeMessageLimits(userId: number, conversationId: number | null, now: Date) {
  await consume(
    [
      ...USER_MESSAGE_LIMITS.map((limit) => ({ key: `message:user:${userId}:${limit.windowSeconds}`, ...limit })),
      ...(conversationId === null
        ? []
        : [{ key: `message:conversation:${conversationId}`, ...CONVERSATION_MESSAGE_LIMIT }]),
    ],
    now,
  );
}

/** 429 when a new account already opened its day's conversations; Retry-After is when the oldest of them turns a day. */
async function checkNewAccountCap(userId: number, createdAt: Date, now: Date) {
  if (now.getTime() - createdAt.getTime() >= NEW_ACCOUNT_DAYS * DAY_MS) return;
  const db = await getDb();
  const since = new Date(now.getTime() - DAY_MS);
  const opened = await db
    .select({ createdAt: conversations.createdAt })
    .from(conversations)
    .where(and(eq(conversations.travellerId, userId), gt(conversations.createdAt, since)))
    .orderBy(asc(conversations.createdAt));
  if (opened.length < NEW_ACCOUNT_DAILY_CONVERSATIONS) return;
  const retryAfter = Math.max(1, Math.ceil((opened[0].createdAt.getTime() + DAY_MS - now.getTime()) / 1000));
  throw new ApiError(
    429,
    'Too many requests',
    `A new account may start ${NEW_ACCOUNT_DAILY_CONVERSATIONS} conversations a day. Try again in ${retryAfter} s.`,
    undefined,
    { 'retry-after': String(retryAfter) },
  );
}

/** Posts a text message in its own transaction, schedules the other side's email, and wakes the live streams. */
async function postText(conversation: Conversation, senderId: number, text: string, language: TextLanguage, now: Date) {
  const resource = await transaction(async (tx) => {
    const message = await postMessage(tx, conversation, { senderId, text });
    const recipient = senderId === conversation.travellerId ? conversation.guideId : conversation.travellerId;
    await scheduleMessageEmail(tx, conversation.id, recipient, now);
    const reader = {
      userId: senderId,
      role: roleIn(conversation, senderId)!,
      contactsVisible: await contactsVisible(tx, conversation),
    };
    return messageResource(message, conversation, reader, language);
  });
  eventsRecorded();
  return resource;
}

/**
 * POST /ideas/{hid}/conversation: the traveller asks the idea's guide, in the pair's conversation (opened now if
 * they never wrote). The guide cannot ask themselves (409).
 */
export async function askAboutIdea(
  param: string,
  viewer: Viewer,
  text: string,
  language: TextLanguage,
  now = new Date(),
) {
  const ref = parseIdOrHid(param);
  if (!ref) throw notFound('There is no such idea.');
  const db = await getDb();
  const [idea] = await db
    .select({ id: ideas.id, authorId: ideas.authorId })
    .from(ideas)
    .where(
      and(
        ref.kind === 'id' ? eq(ideas.id, ref.id) : eq(ideas.hid, ref.hid),
        eq(ideas.status, 'published'),
        isNull(ideas.deletedAt),
      ),
    );
  if (!idea) throw notFound('There is no such idea.');
  if (idea.authorId === viewer.id) throw new ApiError(409, 'Conflict', 'This is your own idea.');
  const user = await requireMessagingAllowed(viewer.id);
  const [existing] = await db
    .select()
    .from(conversations)
    .where(and(eq(conversations.ideaId, idea.id), eq(conversations.travellerId, viewer.id)));
  if (!existing) await checkNewAccountCap(viewer.id, user.createdAt, now);
  await consumeMessageLimits(viewer.id, existing?.id ?? null, now);
  const conversation =
    existing ??
    (await transaction((tx) =>
      openConversation(tx, { ideaId: idea.id, travellerId: viewer.id, guideId: idea.authorId }),
    ));
  const data = await postText(conversation, viewer.id, text, language, now);
  return { data, meta: { conversation: conversation.hid } };
}

/** Whether the traveller ever wrote, or booked: until then the guide cannot write to them. */
async function travellerReachedOut(conversation: Conversation): Promise<boolean> {
  const db = await getDb();
  const [[wrote], [booked]] = await Promise.all([
    db
      .select({ n: count() })
      .from(messages)
      .where(and(eq(messages.conversationId, conversation.id), eq(messages.senderId, conversation.travellerId))),
    db
      .select({ n: count() })
      .from(bookings)
      .where(
        and(
          eq(bookings.ideaId, conversation.ideaId),
          eq(bookings.userId, conversation.travellerId),
          ne(bookings.status, 'declined'),
        ),
      ),
  ]);
  return wrote.n > 0 || booked.n > 0;
}

/** POST /conversations/{hid}/messages: either side writes; moderators only read. */
export async function writeInConversation(
  param: string,
  viewer: Viewer,
  text: string,
  language: TextLanguage,
  now = new Date(),
) {
  const { conversation, role } = await conversationFor(param, viewer);
  if (role === 'moderator') throw forbidden('Moderators read conversations; they do not write in them.');
  await requireMessagingAllowed(viewer.id);
  if (role === 'guide' && !(await travellerReachedOut(conversation)))
    throw forbidden('You can answer a traveller once they have written to you or booked.');
  await consumeMessageLimits(viewer.id, conversation.id, now);
  return { data: await postText(conversation, viewer.id, text, language, now) };
}
