import 'server-only';
import { and, desc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { ConversationsList, ConversationsListQuery, MessagesPage } from '@/lib/contract/conversations';
import type { TextLanguage } from '@/lib/i18n/text-languages';
import type { Viewer } from '../accounts/viewer';
import { getDb, transaction } from '../db';
import type { Tx } from '../db';
import type { Db } from '../db/client';
import { rowsOf } from '../db/client';
import { fromHid } from '../db/hids';
import { conversations, messages } from '../db/schema';
import { invalid } from '../http/problem';
import { eventsRecorded, recordEvent } from '../events/record-event';
import { conversationFor, conversationsOf, contactsVisible, roleIn } from './conversation-access';
import type { Conversation, Message } from './post-message';
import { conversationResources, messageResource } from './resources';

/**
 * An inbox page's cursor: the last activity in whole microseconds since 1970 (a timestamp's full precision, so no
 * row is skipped or repeated between pages) and the conversation's id, which orders rows of the same instant.
 */
const activityMicros = sql<string>`(extract(epoch from ${conversations.lastMessageAt}) * 1000000)::bigint::text`;
const afterCursor = (before: string) => {
  const [micros, id] = before.split('_');
  return sql`(${conversations.lastMessageAt}, ${conversations.id}) <
    (to_timestamp(0) + ${micros}::bigint * interval '1 microsecond', ${Number(id)}::int)`;
};

/** Messages `userId` can see: all but those a moderator hid, unless they wrote them. */
const visibleTo = (userId: number) => or(isNull(messages.hiddenAt), eq(messages.senderId, userId));

/**
 * Unread messages for `userId` in a conversation: after their read marker, from the other side or the system. Written
 * with the table's name: drizzle leaves columns unqualified in a one-table select, which the subquery would misread.
 */
const unreadSql = (userId: number) => sql<number>`(
  select count(*)::int from messages m
  where m.conversation_id = conversations.id
    and m.id > case when conversations.traveller_id = ${userId} then conversations.traveller_read_id else conversations.guide_read_id end
    and m.sender_id is distinct from ${userId}
    and m.hidden_at is null)`;

/** The last visible message of each conversation. */
async function lastMessages(db: Db | Tx, ids: number[], userId: number): Promise<Map<number, Message>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectDistinctOn([messages.conversationId])
    .from(messages)
    .where(and(inArray(messages.conversationId, ids), visibleTo(userId)))
    .orderBy(messages.conversationId, desc(messages.id));
  return new Map(rows.map((m) => [m.conversationId, m]));
}

/** How many unread messages `userId` has across their conversations (the account menu's badge). */
export async function unreadTotal(userId: number, db?: Db | Tx): Promise<number> {
  const executor = db ?? (await getDb());
  const [row] = rowsOf<{ total: number }>(
    await executor.execute(sql`
      select coalesce(sum(${unreadSql(userId)}), 0)::int as total from ${conversations}
      where ${conversationsOf(userId)}`),
  );
  return Number(row?.total ?? 0);
}

/** GET /conversations: mine as traveller or guide, newest activity first, a page after `before`. */
export async function listConversations(
  viewer: Viewer,
  query: ConversationsListQuery,
  language: TextLanguage,
): Promise<ConversationsList> {
  const db = await getDb();
  const found = await db
    .select({ conversation: conversations, unread: unreadSql(viewer.id), activity: activityMicros })
    .from(conversations)
    .where(and(conversationsOf(viewer.id), query.before === undefined ? undefined : afterCursor(query.before)))
    .orderBy(desc(conversations.lastMessageAt), desc(conversations.id))
    .limit(query.limit + 1);
  const rows = found.slice(0, query.limit);
  const last = rows.at(-1);
  const lastOf = await lastMessages(
    db,
    rows.map((r) => r.conversation.id),
    viewer.id,
  );
  const data = await conversationResources(
    db,
    rows.map((r) => ({
      conversation: r.conversation,
      unread: Number(r.unread),
      last: lastOf.get(r.conversation.id) ?? null,
    })),
    viewer.id,
    language,
  );
  return {
    data,
    meta: {
      unread_total: await unreadTotal(viewer.id, db),
      next_before: found.length > query.limit && last ? `${last.activity}_${last.conversation.id}` : null,
    },
  };
}

/** One conversation's resource as `viewerId` sees it. */
export async function conversationResource(
  db: Db | Tx,
  conversation: Conversation,
  viewerId: number,
  language: TextLanguage,
) {
  const [row] = await db
    .select({ unread: unreadSql(viewerId) })
    .from(conversations)
    .where(eq(conversations.id, conversation.id));
  const last = await lastMessages(db, [conversation.id], viewerId);
  const [resource] = await conversationResources(
    db,
    [{ conversation, unread: Number(row?.unread ?? 0), last: last.get(conversation.id) ?? null }],
    viewerId,
    language,
  );
  return resource;
}

/** GET /conversations/{hid}/messages: newest page first; `before` pages back. */
export async function messagesPage(
  param: string,
  query: { before?: string; limit: number },
  viewer: Viewer,
  language: TextLanguage,
): Promise<MessagesPage> {
  const { conversation, role } = await conversationFor(param, viewer);
  const beforeId = query.before === undefined ? null : fromHid(query.before);
  if (query.before !== undefined && beforeId === null) throw invalid({ before: ['Use a message hid.'] });
  const db = await getDb();
  const rows = await db
    .select()
    .from(messages)
    .where(
      and(
        eq(messages.conversationId, conversation.id),
        beforeId === null ? undefined : lt(messages.id, beforeId),
        role === 'moderator' ? undefined : visibleTo(viewer.id),
      ),
    )
    .orderBy(desc(messages.id))
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  const reader = { userId: viewer.id, role, contactsVisible: await contactsVisible(db, conversation) };
  return {
    data: page.map((m) => messageResource(m, conversation, reader, language)),
    meta: {
      next_before: rows.length > query.limit ? page.at(-1)!.hid : null,
      conversation: await conversationResource(db, conversation, viewer.id, language),
    },
  };
}

/** POST /conversations/{hid}/read: the reader has read up to the newest message; the other side is told. */
export async function markRead(param: string, viewer: Viewer) {
  const { conversation } = await conversationFor(param, viewer);
  const side = roleIn(conversation, viewer.id);
  if (!side) return { meta: { unread_total: await unreadTotal(viewer.id) } };
  const total = await transaction(async (tx) => {
    const [newest] = await tx
      .select({ id: messages.id })
      .from(messages)
      .where(eq(messages.conversationId, conversation.id))
      .orderBy(desc(messages.id))
      .limit(1);
    const readId = newest?.id ?? 0;
    const moved = await tx
      .update(conversations)
      .set(side === 'traveller' ? { travellerReadId: readId } : { guideReadId: readId })
      .where(
        and(
          eq(conversations.id, conversation.id),
          lt(side === 'traveller' ? conversations.travellerReadId : conversations.guideReadId, readId),
        ),
      )
      .returning({ id: conversations.id });
    if (moved.length > 0) {
      const other = side === 'traveller' ? conversation.guideId : conversation.travellerId;
      await recordEvent(tx, [other, viewer.id], 'read', { conversation: conversation.hid });
    }
    return unreadTotal(viewer.id, tx);
  });
  eventsRecorded();
  return { meta: { unread_total: total } };
}
