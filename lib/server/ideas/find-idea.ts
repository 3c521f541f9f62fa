import 'server-only';
import { and, eq, isNull } from 'drizzle-orm';
import { DEFAULT_DETAIL_INCLUDES } from '@/lib/contract/ideas';
import { parseIdOrHid } from '@/lib/contract/ids';
import type { Viewer } from '../accounts/viewer';
import { getDb } from '../db';
import type { TextLanguage } from '@/lib/i18n/text-languages';
import { ideas } from '../db/schema';
import { forbidden, notFound } from '../http/problem';
import { getIdea } from './query';

export type IdeaRow = typeof ideas.$inferSelect;

/** The undeleted idea a path param (id or hid) names; 404 when there is none. */
export async function findIdea(param: string): Promise<IdeaRow> {
  const parsed = parseIdOrHid(param);
  const db = await getDb();
  const [row] = parsed
    ? await db
        .select()
        .from(ideas)
        .where(and(parsed.kind === 'id' ? eq(ideas.id, parsed.id) : eq(ideas.hid, parsed.hid), isNull(ideas.deletedAt)))
    : [];
  if (!row) throw notFound('There is no such idea.');
  return row;
}

export function requireAuthor(idea: IdeaRow, viewer: Viewer): void {
  if (idea.authorId !== viewer.id) throw forbidden('Only the author can change this idea.');
}

/** The answer to an author's or moderator's change: the idea as its page shows it to them. */
export const detail = (idea: { hid: string }, language: TextLanguage, viewer: Viewer) =>
  getIdea(idea.hid, DEFAULT_DETAIL_INCLUDES, language, viewer);
