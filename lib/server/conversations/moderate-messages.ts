import 'server-only';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { MessageReportResource } from '@/lib/contract/conversations';
import type { Moderator, Viewer } from '../accounts/viewer';
import { getDb, transaction } from '../db';
import { fromHid } from '../db/hids';
import { conversations, messageReports, messages, users } from '../db/schema';
import { ApiError, notFound } from '../http/problem';
import { conversationFor } from './conversation-access';

async function messageByHid(hid: string) {
  const id = fromHid(hid);
  if (id === null) throw notFound('There is no such message.');
  const db = await getDb();
  const [row] = await db
    .select({ message: messages, conversation: conversations })
    .from(messages)
    .innerJoin(conversations, eq(conversations.id, messages.conversationId))
    .where(eq(messages.id, id));
  if (!row) throw notFound('There is no such message.');
  return row;
}

/** POST /messages/{hid}/report: the side that received a message reports it to moderators (once). */
export async function reportMessage(hid: string, viewer: Viewer, reason: string | undefined) {
  const { message, conversation } = await messageByHid(hid);
  const { role } = await conversationFor(conversation.hid, viewer).catch(() => {
    throw notFound('There is no such message.');
  });
  if (role === 'moderator' || message.senderId === null || message.senderId === viewer.id)
    throw new ApiError(409, 'Conflict', 'Only the other side’s messages can be reported.');
  const db = await getDb();
  await db
    .insert(messageReports)
    .values({ messageId: message.id, reporterId: viewer.id, reason: reason ?? '' })
    .onConflictDoNothing();
}

const senders = alias(users, 'senders');
const reporters = alias(users, 'reporters');

/** GET /moderation/message-reports: open reports, oldest first, with the message as written. */
export async function openMessageReports(): Promise<{ data: MessageReportResource[] }> {
  const db = await getDb();
  const rows = await db
    .select({
      report: messageReports,
      message: messages,
      conversationHid: conversations.hid,
      sender: senders,
      reporterName: reporters.name,
    })
    .from(messageReports)
    .innerJoin(messages, eq(messages.id, messageReports.messageId))
    .innerJoin(conversations, eq(conversations.id, messages.conversationId))
    .innerJoin(reporters, eq(reporters.id, messageReports.reporterId))
    .leftJoin(senders, eq(senders.id, messages.senderId))
    .where(isNull(messageReports.resolvedAt))
    .orderBy(messageReports.createdAt)
    .limit(200);
  return {
    data: rows.map((r) => ({
      id: r.report.id,
      type: 'message-reports' as const,
      attributes: {
        reason: r.report.reason,
        created_at: r.report.createdAt.toISOString(),
        message_hid: r.message.hid,
        message_text: r.message.text,
        message_hidden: r.message.hiddenAt !== null,
        conversation_hid: r.conversationHid,
        sender_id: r.sender?.id ?? null,
        sender_name: r.sender?.name ?? '',
        sender_messaging_blocked: r.sender?.messagingBlockedAt != null,
        reporter_name: r.reporterName,
      },
    })),
  };
}

/** POST /moderation/messages/{hid}/hide: the other side no longer sees it; its reports are resolved. */
export async function hideMessage(hid: string, moderator: Moderator) {
  const { message } = await messageByHid(hid);
  await transaction(async (tx) => {
    await tx
      .update(messages)
      .set({ hiddenAt: sql`coalesce(${messages.hiddenAt}, now())` })
      .where(eq(messages.id, message.id));
    await tx
      .update(messageReports)
      .set({ resolvedAt: sql`now()`, resolvedBy: moderator.id })
      .where(and(eq(messageReports.messageId, message.id), isNull(messageReports.resolvedAt)));
  });
}

/** POST /moderation/messages/{hid}/block-sender: the sender may read but no longer write; the reports are resolved. */
export async function blockSender(hid: string, moderator: Moderator) {
  const { message } = await messageByHid(hid);
  if (message.senderId === null) throw new ApiError(409, 'Conflict', 'A system message has no sender.');
  await transaction(async (tx) => {
    await tx
      .update(users)
      .set({ messagingBlockedAt: sql`coalesce(${users.messagingBlockedAt}, now())` })
      .where(eq(users.id, message.senderId!));
    await tx
      .update(messageReports)
      .set({ resolvedAt: sql`now()`, resolvedBy: moderator.id })
      .where(
        and(
          isNull(messageReports.resolvedAt),
          sql`${messageReports.messageId} in (select id from ${messages} where sender_id = ${message.senderId})`,
        ),
      );
  });
}
