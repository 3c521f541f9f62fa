import 'server-only';
import { authorChanged, ideaChanged } from '../cache/invalidate';
import { randomUUID } from 'node:crypto';
import { eq, max } from 'drizzle-orm';
import { getDb } from '../db';
import { ideas, photos, users } from '../db/schema';
import { toHid } from '../db/hids';
import { forbidden } from '../http/problem';
import { avatarImage, ideaPhotoSizes } from './images';
import { fileStorage, imageKeys, mediaUrl } from '../platform/storage';
import { me } from '../accounts/current-user';
import { findIdea } from './find-idea';
import { findUser } from '../accounts/users';
import type { Viewer } from '../accounts/viewer';

/** POST /ideas/{hid}/photos: the author adds a photo (`file`: the received picture's path); the first one becomes the cover. */
export async function addIdeaPhoto(param: string, file: string, viewer: Viewer) {
  const idea = await findIdea(param);
  if (idea.authorId !== viewer.id) throw forbidden('Only the author adds photos.');
  const sizes = await ideaPhotoSizes(file);
  const db = await getDb();
  const base = `photos/${randomUUID()}`;
  const keys = imageKeys(base);
  await fileStorage().put(keys.cover, sizes.cover);
  await fileStorage().put(keys.large, sizes.large);
  const [{ last }] = await db
    .select({ last: max(photos.position) })
    .from(photos)
    .where(eq(photos.ideaId, idea.id));
  const [photo] = await db
    .insert(photos)
    .values({
      ideaId: idea.id,
      ownerId: viewer.id,
      storageKey: base,
      width: sizes.width,
      height: sizes.height,
      position: (last ?? -1) + 1,
    })
    .returning();
  if (!idea.coverPhotoId) await db.update(ideas).set({ coverPhotoId: photo.id }).where(eq(ideas.id, idea.id));
  ideaChanged(idea.id);
  return {
    data: {
      id: photo.id,
      hid: toHid(photo.id),
      type: 'photos' as const,
      attributes: {
        cover_url: mediaUrl(keys.cover),
        large_url: mediaUrl(keys.large),
        width: photo.width,
        height: photo.height,
        position: photo.position,
      },
      relationships: {},
    },
  };
}

/** POST /users/{hid}/avatar: the owner's new avatar (256×256) from the received picture's path. */
export async function setAvatar(param: string, file: string, viewer: Viewer) {
  const user = await findUser(param);
  if (user.id !== viewer.id) throw forbidden('You can change only your own avatar.');
  const key = `avatars/${randomUUID()}.webp`;
  await fileStorage().put(key, await avatarImage(file));
  const db = await getDb();
  await db.update(users).set({ avatarKey: key, updatedAt: new Date() }).where(eq(users.id, user.id));
  authorChanged();
  return me(viewer);
}
