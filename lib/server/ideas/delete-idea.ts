import 'server-only';
import { and, asc, eq, isNull } from 'drizzle-orm';
import { isModerator, type Viewer } from '../accounts/viewer';
import type { Tx } from '../db';
import { ideaDates, ideas } from '../db/schema';
import { forbidden } from '../http/problem';
import type { IdeaRow } from './find-idea';

/**
 * Who removes the idea, as the bookings it ends record it: its author (`guide`) or a moderator (`moderation`);
 * anyone else is refused.
 */
export function removerOf(idea: IdeaRow, viewer: Viewer): 'guide' | 'moderation' {
  if (idea.authorId === viewer.id) return 'guide';
  if (isModerator(viewer)) return 'moderation';
  throw forbidden('Only the author or a moderator can delete this idea.');
}

/**
 * In `tx`: locks the idea and its departures in the usual order (lockEditedRows in write-idea.ts) and marks the
 * idea deleted. A booking made meanwhile either committed before (and is seen by what follows in `tx`) or waits
 * for the departures and then finds the idea gone (create-booking.ts). False when it was already deleted.
 */
export async function markIdeaDeleted(tx: Tx, ideaId: number, now: Date): Promise<boolean> {
  const [idea] = await tx
    .select({ deletedAt: ideas.deletedAt })
    .from(ideas)
    .where(eq(ideas.id, ideaId))
    .for('no key update');
  if (!idea || idea.deletedAt) return false;
  await tx
    .select({ id: ideaDates.id })
    .from(ideaDates)
    .where(eq(ideaDates.ideaId, ideaId))
    .orderBy(asc(ideaDates.id))
    .for('no key update');
  const marked = await tx
    .update(ideas)
    .set({ deletedAt: now, updatedAt: now })
    .where(and(eq(ideas.id, ideaId), isNull(ideas.deletedAt)))
    .returning({ id: ideas.id });
  return marked.length > 0;
}
