import 'server-only';
import type { JobHandler } from '../jobs/run-jobs';
import { and, desc, eq, gt, isNull, ne, or, sql } from 'drizzle-orm';
import type { Tx } from '../db';
import { getDb, transaction } from '../db';
import type { Db } from '../db/client';
import { rowsOf } from '../db/client';
import { pick } from '../db/localized';
import { conversations, ideas, messages, users } from '../db/schema';
import { unsubscribeHeaders } from '../accounts/unsubscribe-link';
import { scheduleJob } from '../jobs/schedule-job';
import { enqueueEmail } from '../mail/queue';
import { greetingOf, mailTranslator, renderEmail, siteLink } from '../mail/render';
import { emailQueued } from '../mail/worker';

/** The job kind that emails a recipient about unread messages (register `runMessageEmailJob` for it). */
export const MESSAGE_EMAIL_JOB = 'message-email';
/** How long after a message its email waits: a reply read at once needs none. */
export const MESSAGE_EMAIL_DELAY_MS = 3 * 60_000;
/** At most one email per conversation per recipient in this time. */
export const MESSAGE_EMAIL_INTERVAL_MS = 15 * 60_000;

const jobKey = (conversationId: number, userId: number) => `${MESSAGE_EMAIL_JOB}:${conversationId}:${userId}`;
// When the last email of a conversation went to a recipient, kept as a window in rate_limits (shared by all processes).
const sentKey = (conversationId: number, userId: number) => `message-email-sent:${conversationId}:${userId}`;

async function lastWindowEnd(db: Db | Tx, conversationId: number, userId: number): Promise<Date | null> {
  const [row] = rowsOf<{ reset_at: string | Date }>(
    await db.execute(sql`select reset_at from rate_limits where key = ${sentKey(conversationId, userId)}`),
  );
  return row ? new Date(row.reset_at) : null;
}

/**
 * In the transaction of a new message: the recipient's email about it runs a few minutes later, and never within
 * 15 minutes of the last one (each new message moves the one pending job, so a lively chat sends one email).
 */
export async function scheduleMessageEmail(tx: Tx, conversationId: number, userId: number, now = new Date()) {
  const soonest = new Date(now.getTime() + MESSAGE_EMAIL_DELAY_MS);
  const windowEnd = await lastWindowEnd(tx, conversationId, userId);
  const runAt = windowEnd && windowEnd > soonest ? windowEnd : soonest;
  await scheduleJob(tx, {
    kind: MESSAGE_EMAIL_JOB,
    key: jobKey(conversationId, userId),
    runAt,
    payload: { conversationId, userId },
  });
}

/**
 * The `message-email` job: emails the recipient, in their language, about the messages they have not read, unless
 * they read them meanwhile, turned message emails off, have no confirmed address, or got one in the last 15 minutes.
 * Answers whether an email was queued.
 */
export async function runMessageEmailJob(
  payload: Record<string, unknown>,
  now = new Date(),
  complete?: (tx: Tx) => Promise<void>,
): Promise<boolean> {
  const conversationId = Number(payload.conversationId);
  const userId = Number(payload.userId);
  const db = await getDb();
  const [row] = await db
    .select({ conversation: conversations, idea: { title: ideas.title }, user: users })
    .from(conversations)
    .innerJoin(ideas, eq(ideas.id, conversations.ideaId))
    .innerJoin(users, eq(users.id, userId))
    .where(eq(conversations.id, conversationId));
  if (!row) return false;
  const { conversation, idea, user } = row;
  const side = conversation.travellerId === userId ? 'traveller' : conversation.guideId === userId ? 'guide' : null;
  if (!side || !user.email || user.blockedAt || !user.notificationSettings.messages) return false;
  const readId = side === 'traveller' ? conversation.travellerReadId : conversation.guideReadId;
  const unread = await db
    .select({ senderId: messages.senderId })
    .from(messages)
    .where(
      and(
        eq(messages.conversationId, conversationId),
        gt(messages.id, readId),
        or(isNull(messages.senderId), ne(messages.senderId, userId)),
        isNull(messages.hiddenAt),
      ),
    )
    .orderBy(desc(messages.id));
  if (unread.length === 0) return false;
  const windowEnd = await lastWindowEnd(db, conversationId, userId);
  if (windowEnd && windowEnd > now) return false;
  const otherId = side === 'traveller' ? conversation.guideId : conversation.travellerId;
  const [other] = await db.select({ name: users.name }).from(users).where(eq(users.id, otherId));
  const language = user.locale;
  const t = mailTranslator(language);
  const title = pick(idea.title, language);
  const unsubscribe = unsubscribeHeaders(userId, 'messages');
  await transaction(async (tx) => {
    await enqueueEmail(tx, {
      kind: 'message',
      to: user.email!,
      headers: unsubscribe.headers,
      ...renderEmail(
        {
          subject: t('message.subject', { name: other?.name ?? '', title }),
          greeting: greetingOf(t, user.name),
          paragraphs: [t('message.intro', { name: other?.name ?? '', title, count: unread.length })],
          action: { label: t('message.action'), url: siteLink(language, `/account/messages/${conversation.hid}`) },
          after: [t('message.unsubscribe', { url: unsubscribe.url })],
        },
        language,
      ),
    });
    const until = new Date(now.getTime() + MESSAGE_EMAIL_INTERVAL_MS).toISOString();
    await tx.execute(sql`
      insert into rate_limits (key, count, reset_at) values (${sentKey(conversationId, userId)}, 1, ${until})
      on conflict (key) do update set count = 1, reset_at = excluded.reset_at`);
    // The job is done with the email queued, in one commit: a crash between them cannot send it twice.
    await complete?.(tx);
  });
  emailQueued();
  return true;
}

/** The scheduler's handler (lib/server/startup/job-handlers.ts) of `message-email` jobs. */
export const messageEmailJob: JobHandler = async (job, { now, complete }) => {
  await runMessageEmailJob(job.payload, now, complete);
};
