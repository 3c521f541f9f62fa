import 'server-only';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { NotificationSettings } from '@/lib/contract/notification-settings';
import { getDb } from '../db';
import { users } from '../db/schema';
import { invalid } from '../http/problem';
import { env } from '../platform/env';
import { jwtSecret } from './secret';

/** The kinds of email a one-click link turns off. */
export type UnsubscribeTopic = Exclude<keyof NotificationSettings, 'marketing'> | 'marketing';

const signature = (payload: string) =>
  createHmac('sha256', jwtSecret()).update(`unsubscribe:${payload}`).digest('base64url').slice(0, 32);

/** A signed token naming a user and a kind of email: it needs no sign-in and never expires (RFC 8058 one-click). */
export function unsubscribeToken(userId: number, topic: UnsubscribeTopic): string {
  const payload = `${userId}.${topic}`;
  return `${payload}.${signature(payload)}`;
}

/** The one-click link of an email, and the headers that let mail clients offer it. */
export function unsubscribeHeaders(
  userId: number,
  topic: UnsubscribeTopic,
): { url: string; headers: Record<string, string> } {
  const url = new URL(
    `/api/v1/notifications/unsubscribe?token=${unsubscribeToken(userId, topic)}`,
    env().SITE_URL,
  ).toString();
  return { url, headers: { 'List-Unsubscribe': `<${url}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' } };
}

const TOPICS: readonly string[] = ['messages', 'bookings', 'reminders', 'marketing'];

/** POST/GET /notifications/unsubscribe?token=…: turns that kind of email off; 422 for a token that is not ours. */
export async function unsubscribe(token: string | null): Promise<{ topic: UnsubscribeTopic }> {
  const [id, topic, sig] = (token ?? '').split('.');
  const payload = `${id}.${topic}`;
  const expected = Buffer.from(signature(payload));
  const given = Buffer.from(sig ?? '');
  if (
    !/^\d{1,10}$/.test(id ?? '') ||
    !TOPICS.includes(topic) ||
    given.length !== expected.length ||
    !timingSafeEqual(given, expected)
  )
    throw invalid({ token: ['This link is not valid.'] });
  const db = await getDb();
  await db
    .update(users)
    .set({ notificationSettings: sql`${users.notificationSettings} || ${JSON.stringify({ [topic]: false })}::jsonb` })
    .where(eq(users.id, Number(id)));
  return { topic: topic as UnsubscribeTopic };
}
