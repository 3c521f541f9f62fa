import 'server-only';
import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../db';
import { toHid } from '../db/hids';
import { conversations, messages } from '../db/schema';
import { recordEvent } from '../events/record-event';

export type Conversation = typeof conversations.$inferSelect;
export type Message = typeof messages.$inferSelect;

/** The conversation of a traveller with the guide of an idea, opened now if they never wrote (in `tx`). */
export async function openConversation(
  tx: Tx,
  pair: { ideaId: number; travellerId: number; guideId: number },
): Promise<Conversation> {
  const [created] = await tx
    .insert(conversations)
    .values({ ...pair, hid: `new-${randomUUID()}` })
    .onConflictDoNothing({ target: [conversations.ideaId, conversations.travellerId] })
    .returning();
  if (created) {
    const [named] = await tx
      .update(conversations)
      .set({ hid: toHid(created.id) })
      .where(eq(conversations.id, created.id))
      .returning();
    return named;
  }
  const [existing] = await tx
    .select()
    .from(conversations)
    .where(and(eq(conversations.ideaId, pair.ideaId), eq(conversations.travellerId, pair.travellerId)));
  return existing;
}

export interface NewMessage {
  /** Null for a system message (a booking's change). */
  senderId: number | null;
  text: string;
  kind?: 'text' | 'system';
  /** What a system message records, rendered per reader's language: `{ type: 'booking_accepted', bookingHid, … }`. */
  event?: Message['event'];
  bookingId?: number;
}

/**
 * Adds a message in `tx`: the conversation's activity moves to now, the sender has read up to it, and both sides'
 * event streams are told (call `eventsRecorded()` after the commit).
 */
export async function postMessage(tx: Tx, conversation: Conversation, message: NewMessage): Promise<Message> {
  const [row] = await tx
    .insert(messages)
    .values({
      conversationId: conversation.id,
      hid: `new-${randomUUID()}`,
      senderId: message.senderId,
      kind: message.kind ?? 'text',
      text: message.text,
      event: message.event ?? null,
      bookingId: message.bookingId ?? null,
    })
    .returning();
  const [named] = await tx
    .update(messages)
    .set({ hid: toHid(row.id) })
    .where(eq(messages.id, row.id))
    .returning();
  const readBySender =
    message.senderId === conversation.travellerId
      ? { travellerReadId: named.id }
      : message.senderId === conversation.guideId
        ? { guideReadId: named.id }
        : {};
  await tx
    .update(conversations)
    .set({ lastMessageAt: sql`now()`, ...readBySender })
    .where(eq(conversations.id, conversation.id));
  await recordEvent(tx, [conversation.travellerId, conversation.guideId], 'message', {
    conversation: conversation.hid,
    message: named.hid,
  });
  return named;
}
