import 'server-only';
import { and, eq, or } from 'drizzle-orm';
import { parseIdOrHid } from '@/lib/contract/ids';
import type { Viewer } from '../accounts/viewer';
import { isModerator } from '../accounts/viewer';
import { getDb, type Tx } from '../db';
import type { Db } from '../db/client';
import { bookings, conversations, users } from '../db/schema';
import { forbidden, notFound } from '../http/problem';
import type { Conversation } from './post-message';

/** The reader's place in a conversation: one of its two sides, or a moderator looking in. */
export type Role = 'traveller' | 'guide' | 'moderator';

export const roleIn = (conversation: Conversation, userId: number): 'traveller' | 'guide' | null =>
  conversation.travellerId === userId ? 'traveller' : conversation.guideId === userId ? 'guide' : null;

/** A conversation by id or hid as `viewer` may read it: its two sides and moderators; anyone else gets a 404. */
export async function conversationFor(
  param: string,
  viewer: Viewer,
): Promise<{ conversation: Conversation; role: Role }> {
  const ref = parseIdOrHid(param);
  if (!ref) throw notFound('There is no such conversation.');
  const db = await getDb();
  const [conversation] = await db
    .select()
    .from(conversations)
    .where(ref.kind === 'id' ? eq(conversations.id, ref.id) : eq(conversations.hid, ref.hid));
  const role = conversation && (roleIn(conversation, viewer.id) ?? (isModerator(viewer) ? 'moderator' : null));
  if (!conversation || !role) throw notFound('There is no such conversation.');
  return { conversation, role };
}

/** Contacts are shown once a booking of this traveller for this idea is confirmed. */
export async function contactsVisible(db: Db | Tx, conversation: Conversation): Promise<boolean> {
  const [row] = await db
    .select({ id: bookings.id })
    .from(bookings)
    .where(
      and(
        eq(bookings.ideaId, conversation.ideaId),
        eq(bookings.userId, conversation.travellerId),
        eq(bookings.status, 'confirmed'),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** 403 when a moderator blocked `userId` from messaging. */
export async function requireMessagingAllowed(userId: number): Promise<{ createdAt: Date }> {
  const db = await getDb();
  const [user] = await db
    .select({ blocked: users.messagingBlockedAt, createdAt: users.createdAt })
    .from(users)
    .where(eq(users.id, userId));
  if (!user || user.blocked) throw forbidden('You can no longer write messages. Contact support if this is a mistake.');
  return user;
}

/** The conversations where `userId` is either side. */
export const conversationsOf = (userId: number) =>
  or(eq(conversations.travellerId, userId), eq(conversations.guideId, userId));
