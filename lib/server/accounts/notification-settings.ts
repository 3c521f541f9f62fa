import 'server-only';
import { eq, sql } from 'drizzle-orm';
import { DEFAULT_NOTIFICATION_SETTINGS, type NotificationSettings } from '@/lib/contract/notification-settings';
import { getDb } from '../db';
import { users } from '../db/schema';
import { forbidden } from '../http/problem';
import { namesViewer } from './users';
import type { Viewer } from './viewer';

const resourceOf = (id: number, settings: NotificationSettings) => ({
  data: {
    id,
    type: 'notification-settings' as const,
    attributes: { ...DEFAULT_NOTIFICATION_SETTINGS, ...settings },
  },
});

async function requireSelf(userParam: string, viewer: Viewer) {
  // Like the user's own lists: another user and no user answer alike.
  if (!(await namesViewer(userParam, viewer))) throw forbidden('These are not your settings.');
}

/** GET /users/{id}/notification-settings (own only). */
export async function notificationSettings(userParam: string, viewer: Viewer) {
  await requireSelf(userParam, viewer);
  const db = await getDb();
  const [row] = await db.select({ settings: users.notificationSettings }).from(users).where(eq(users.id, viewer.id));
  return resourceOf(viewer.id, row.settings);
}

/** PATCH /users/{id}/notification-settings: the given switches change, the others stay. */
export async function patchNotificationSettings(
  userParam: string,
  viewer: Viewer,
  patch: Partial<NotificationSettings>,
) {
  await requireSelf(userParam, viewer);
  const db = await getDb();
  const [row] = await db
    .update(users)
    .set({ notificationSettings: sql`${users.notificationSettings} || ${JSON.stringify(patch)}::jsonb` })
    .where(eq(users.id, viewer.id))
    .returning({ settings: users.notificationSettings });
  return resourceOf(viewer.id, row.settings);
}
