import 'server-only';
import { authorChanged } from '../cache/invalidate';
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { patchProfileBody, patchUserBody, setPasswordBody } from '@/lib/contract/users';
import { parseIdOrHid } from '@/lib/contract/ids';
import { requireUncommonPassword } from './password-policy';
import { hashPassword, verifyPassword } from './passwords';
import { getDb, transaction } from '../db';
import { enqueuePasswordChangedEmail } from '../mail/notifications';
import { emailQueued } from '../mail/worker';
import { profiles, users } from '../db/schema';
import { forbidden, invalid, notFound } from '../http/problem';
import { pick } from '../db/localized';
import type { TextLanguage } from '@/lib/i18n/text-languages';
import { mediaUrl } from '../platform/storage';
import { me } from './current-user';
import { revokeOtherSessions } from './end-sessions';
import type { Viewer } from './viewer';

type UserRow = typeof users.$inferSelect;

/** A users path param (id or hid) to the row it names; 404 when there is none. */
export async function findUser(param: string): Promise<UserRow> {
  const parsed = parseIdOrHid(param);
  const db = await getDb();
  const [row] = parsed
    ? await db
        .select()
        .from(users)
        .where(parsed.kind === 'id' ? eq(users.id, parsed.id) : eq(users.hid, parsed.hid))
    : [];
  if (!row) throw notFound('There is no such user.');
  return row;
}

/**
 * Whether a path param (id or hid) names the viewer. The per-user lists (bookings, favourites) answer any other
 * param, another user's or nobody's, with the same 403, so their answers never tell which user ids exist.
 */
export async function namesViewer(userParam: string, viewer: Viewer): Promise<boolean> {
  const parsed = parseIdOrHid(userParam);
  if (!parsed) return false;
  if (parsed.kind === 'id') return parsed.id === viewer.id;
  const db = await getDb();
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, viewer.id), eq(users.hid, parsed.hid)));
  return rows.length > 0;
}

/** The id of the user a path param (id or hid) names; 404 when there is none. */
export async function findUserId(param: string): Promise<number> {
  return (await findUser(param)).id;
}

/** Only the owner changes an account (moderators and admins do not edit other people's data). */
export function requireOwner(viewer: Viewer, userId: number): void {
  if (viewer.id !== userId) throw forbidden('You can change only your own account.');
}

/** GET /profiles/{hid}: public fields for everyone; email and phone only for the owner. */
export async function getProfile(hid: string, includeUser: boolean, language: TextLanguage, viewer: Viewer | null) {
  const db = await getDb();
  const [row] = await db
    .select({ profile: profiles, user: users })
    .from(profiles)
    .innerJoin(users, eq(users.id, profiles.userId))
    .where(eq(profiles.hid, hid));
  if (!row) throw notFound('There is no such profile.');
  const own = viewer?.id === row.user.id;
  return {
    data: {
      id: row.profile.id,
      hid: row.profile.hid,
      type: 'profiles' as const,
      attributes: { about: pick(row.profile.about, language), ...(own ? { about_localized: row.profile.about } : {}) },
      relationships: includeUser
        ? {
            user: {
              data: {
                id: row.user.id,
                hid: row.user.hid,
                type: 'users' as const,
                attributes: {
                  name: row.user.name,
                  image_url: row.user.avatarKey ? mediaUrl(row.user.avatarKey) : null,
                  profile_hid: row.profile.hid,
                  ...(own ? { email: row.user.email, phone: row.user.phone } : {}),
                },
                relationships: {},
              },
            },
          }
        : {},
    },
  };
}

/** PATCH /profiles/{hid} */
export async function patchProfile(
  hid: string,
  body: z.infer<typeof patchProfileBody>,
  language: TextLanguage,
  viewer: Viewer,
) {
  const db = await getDb();
  const [profile] = await db.select().from(profiles).where(eq(profiles.hid, hid));
  if (!profile) throw notFound('There is no such profile.');
  requireOwner(viewer, profile.userId);
  const about =
    typeof body.about === 'string' ? { ...profile.about, ru: body.about } : { ...profile.about, ...body.about };
  await db
    .update(profiles)
    .set({ about: { ...about, ru: about.ru ?? '' }, updatedAt: new Date() })
    .where(eq(profiles.id, profile.id));
  // The author's guide page shows the about text.
  authorChanged({ onlyAbout: true });
  return getProfile(hid, true, language, viewer);
}

/**
 * PATCH /users/{id|hid}: name, its Latin and Chinese spellings, and the emails' language. An email address is attached only by its link (see
 * email-confirmation.ts), a phone number only by its code (see phone-change.ts).
 */
export async function patchUser(param: string, body: z.infer<typeof patchUserBody>, viewer: Viewer) {
  const user = await findUser(param);
  requireOwner(viewer, user.id);
  const db = await getDb();
  await db
    .update(users)
    .set({
      name: body.name,
      nameLatin: body.name_latin,
      nameZh: body.name_zh,
      locale: body.locale,
      updatedAt: new Date(),
    })
    .where(eq(users.id, user.id));
  // Idea pages, cards and the guide page show their author's name in one of its spellings.
  const renamed =
    (body.name !== undefined && body.name !== user.name) ||
    (body.name_latin !== undefined && body.name_latin !== user.nameLatin) ||
    (body.name_zh !== undefined && body.name_zh !== user.nameZh);
  if (renamed) authorChanged();
  return me(viewer);
}

/**
 * PATCH /users/{id}/setPassword: the old password must be right (unless the account has none yet).
 * Every other signed-in device is signed out; `sessionToken` (the caller's refresh token) stays.
 */
export async function setPassword(
  param: string,
  body: z.infer<typeof setPasswordBody>,
  viewer: Viewer,
  sessionToken?: string,
) {
  const user = await findUser(param);
  requireOwner(viewer, user.id);
  if (user.passwordHash && !(await verifyPassword(user.passwordHash, body.oldPassword ?? ''))) {
    throw invalid({ oldPassword: ['The current password is wrong.'] });
  }
  requireUncommonPassword(body.password);
  const passwordHash = await hashPassword(body.password);
  await transaction(async (tx) => {
    await tx.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, user.id));
    await enqueuePasswordChangedEmail(tx, user.id);
  });
  emailQueued();
  await revokeOtherSessions(user.id, sessionToken);
  return { data: { changed: true } };
}
