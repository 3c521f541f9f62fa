import 'server-only';
import { eq } from 'drizzle-orm';
import { getDb } from '../db';
import { profiles, users } from '../db/schema';
import { unauthenticated } from '../http/problem';
import { mediaUrl } from '../platform/storage';
import type { Viewer } from './viewer';

/** POST /auth/me: the signed-in user. */
export async function me(viewer: Viewer) {
  const db = await getDb();
  const [row] = await db
    .select({ user: users, profileHid: profiles.hid })
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(eq(users.id, viewer.id));
  if (!row) throw unauthenticated('The account no longer exists.');
  const { user } = row;
  return {
    data: {
      id: user.id,
      hid: user.hid,
      type: 'users' as const,
      attributes: {
        name: user.name,
        name_latin: user.nameLatin,
        name_zh: user.nameZh,
        email: user.email,
        phone: user.phone,
        role: user.role,
        image_url: user.avatarKey ? mediaUrl(user.avatarKey) : null,
        profile_hid: row.profileHid ?? '',
        // Accounts made by phone have no password until they set one (without an old one).
        has_password: user.passwordHash !== null,
        locale: user.locale,
      },
      relationships: {},
    },
  };
}
