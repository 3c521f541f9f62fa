import 'server-only';
import type { PatchIdeaBody } from '@/lib/contract/own-ideas';
import type { Viewer } from '../accounts/viewer';
import { ideaChanged } from '../cache/invalidate';
import { transaction } from '../db';
import type { TextLanguage } from '@/lib/i18n/text-languages';
import { detail, findIdea, requireAuthor } from './find-idea';
import { checkReferences, writeIdea } from './write-idea';

/** PATCH /ideas/{hid}: the author edits any field; a published idea goes back to moderation. */
export async function patchIdea(
  param: string,
  body: PatchIdeaBody,
  language: TextLanguage,
  viewer: Viewer,
  now = new Date(),
) {
  const idea = await findIdea(param);
  requireAuthor(idea, viewer);
  await checkReferences(body);
  await transaction((tx) => writeIdea(tx, idea, body, now));
  ideaChanged(idea.id);
  return detail(idea, language, viewer);
}
