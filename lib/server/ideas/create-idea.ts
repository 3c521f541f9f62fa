import 'server-only';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { PatchIdeaBody } from '@/lib/contract/own-ideas';
import type { Viewer } from '../accounts/viewer';
import { ideaChanged } from '../cache/invalidate';
import { transaction } from '../db';
import { toHid } from '../db/hids';
import type { TextLanguage } from '@/lib/i18n/text-languages';
import { ideas } from '../db/schema';
import { forbidden } from '../http/problem';
import { detail } from './find-idea';
import { checkReferences, writeIdea } from './write-idea';

/**
 * POST /users/{hid}/ideas: a new draft owned by the caller, with the fields of the editor's first save written in
 * the same transaction (a refused body leaves no draft behind). GET createAndGetEmpty is this with no fields.
 */
export async function createIdea(
  userId: number,
  body: PatchIdeaBody,
  language: TextLanguage,
  viewer: Viewer,
  now = new Date(),
) {
  if (userId !== viewer.id) throw forbidden('You can create ideas only for yourself.');
  await checkReferences(body);
  const idea = await transaction(async (tx) => {
    const [row] = await tx
      .insert(ideas)
      .values({ hid: `new-${randomUUID()}`, authorId: viewer.id, status: 'draft' })
      .returning();
    const created = { ...row, hid: toHid(row.id) };
    await tx.update(ideas).set({ hid: created.hid }).where(eq(ideas.id, row.id));
    await writeIdea(tx, created, body, now);
    return created;
  });
  ideaChanged(idea.id);
  return detail(idea, language, viewer);
}
