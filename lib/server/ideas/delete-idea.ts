import 'server-only';
import { eq } from 'drizzle-orm';
import { isModerator, type Viewer } from '../accounts/viewer';
import { ideaChanged } from '../cache/invalidate';
import { getDb } from '../db';
import { ideas } from '../db/schema';
import { forbidden } from '../http/problem';
import { findIdea } from './find-idea';

/** DELETE /ideas/{hid}: the author or a moderator; bookings of the idea stay readable. */
export async function deleteIdea(param: string, viewer: Viewer, now = new Date()) {
  const idea = await findIdea(param);
  if (idea.authorId !== viewer.id && !isModerator(viewer))
    throw forbidden('Only the author or a moderator can delete this idea.');
  const db = await getDb();
  await db.update(ideas).set({ deletedAt: now, updatedAt: now }).where(eq(ideas.id, idea.id));
  ideaChanged(idea.id);
}
