import 'server-only';
import { and, desc, inArray, sql } from 'drizzle-orm';
import type { ConversationResource, MessageResource } from '@/lib/contract/conversations';
import { maskContacts } from '@/lib/conversations/contact-mask';
import { systemMessageText } from './system-message';
import type { TextLanguage } from '@/lib/i18n/text-languages';
import { displayName } from '@/lib/i18n/display-name';
import type { Tx } from '../db';
import type { Db } from '../db/client';
import { pick } from '../db/localized';
import { bookings, ideaDates, ideas, users } from '../db/schema';
import { mediaUrl } from '../platform/storage';
import { roleIn, type Role } from './conversation-access';
import type { Conversation, Message } from './post-message';

/** Who reads: their id and side, and whether the pair's contacts are visible yet. */
export interface Reader {
  userId: number;
  role: Role;
  contactsVisible: boolean;
}

/** A message as `reader` sees it: masked for the other side before a confirmed booking, the original for moderators. */
export function messageResource(message: Message, conversation: Conversation, reader: Reader, language: TextLanguage) {
  const mine = message.senderId === reader.userId;
  const system = message.kind === 'system';
  const shown =
    system || mine || reader.role === 'moderator' || reader.contactsVisible
      ? { text: message.text, masked: false }
      : maskContacts(message.text);
  const hidden = message.hiddenAt !== null;
  return {
    id: message.id,
    hid: message.hid,
    type: 'messages' as const,
    attributes: {
      kind: message.kind,
      text: system
        ? systemMessageText(message.event, language)
        : hidden && !mine && reader.role !== 'moderator'
          ? ''
          : shown.text,
      masked: shown.masked,
      mine,
      sender_role:
        message.senderId === null
          ? null
          : message.senderId === conversation.travellerId
            ? ('traveller' as const)
            : ('guide' as const),
      event: message.event ? { type: message.event.type, booking_hid: message.event.bookingHid ?? null } : null,
      created_at: message.createdAt.toISOString(),
      hidden,
      ...(reader.role === 'moderator' ? { original_text: message.text } : {}),
    },
    relationships: {},
  } satisfies MessageResource;
}

/** The pieces a conversation's resource shows, fetched for many at once. */
export async function conversationResources(
  db: Db | Tx,
  rows: { conversation: Conversation; unread: number; last: Message | null }[],
  viewerId: number,
  language: TextLanguage,
): Promise<ConversationResource[]> {
  if (rows.length === 0) return [];
  const list = rows.map((r) => r.conversation);
  const userIds = [...new Set(list.flatMap((c) => [c.travellerId, c.guideId]))];
  const [userRows, ideaRows, bookingRows] = await Promise.all([
    db
      .select({
        id: users.id,
        name: users.name,
        nameLatin: users.nameLatin,
        nameZh: users.nameZh,
        avatarKey: users.avatarKey,
      })
      .from(users)
      .where(inArray(users.id, userIds)),
    db
      .select({ id: ideas.id, hid: ideas.hid, title: ideas.title })
      .from(ideas)
      .where(inArray(ideas.id, [...new Set(list.map((c) => c.ideaId))])),
    db
      .select({
        ideaId: bookings.ideaId,
        userId: bookings.userId,
        hid: bookings.hid,
        status: bookings.status,
        startsAt: ideaDates.startsAt,
      })
      .from(bookings)
      .innerJoin(ideaDates, sql`${ideaDates.id} = ${bookings.ideaDateId}`)
      .where(
        and(
          inArray(bookings.ideaId, [...new Set(list.map((c) => c.ideaId))]),
          inArray(bookings.userId, [...new Set(list.map((c) => c.travellerId))]),
        ),
      )
      .orderBy(desc(bookings.id)),
  ]);
  const userMap = new Map(userRows.map((u) => [u.id, u]));
  const ideaMap = new Map(ideaRows.map((i) => [i.id, i]));
  return rows.map(({ conversation, unread, last }) => {
    const pair = bookingRows.filter((b) => b.ideaId === conversation.ideaId && b.userId === conversation.travellerId);
    const visible = pair.some((b) => b.status === 'confirmed');
    const party = roleIn(conversation, viewerId);
    const side = party ?? 'guide';
    const role: Role = party ?? 'moderator';
    const other = userMap.get(side === 'traveller' ? conversation.guideId : conversation.travellerId)!;
    const idea = ideaMap.get(conversation.ideaId)!;
    const lastShown = last
      ? messageResource(last, conversation, { userId: viewerId, role, contactsVisible: visible }, language).attributes
      : null;
    return {
      id: conversation.id,
      hid: conversation.hid,
      type: 'conversations' as const,
      attributes: {
        role: side,
        contacts_visible: visible,
        unread_count: unread,
        last_message_at: conversation.lastMessageAt.toISOString(),
        last_message: lastShown
          ? { kind: lastShown.kind, text: lastShown.text, mine: lastShown.mine, created_at: lastShown.created_at }
          : null,
      },
      relationships: {
        other: {
          data: { name: displayName(other, language), image_url: other.avatarKey ? mediaUrl(other.avatarKey) : null },
        },
        idea: { data: { id: idea.id, hid: idea.hid, title: pick(idea.title, language) } },
        booking: {
          data: pair[0]
            ? { hid: pair[0].hid, status: pair[0].status, starts_at: pair[0].startsAt.toISOString() }
            : null,
        },
      },
    };
  });
}
