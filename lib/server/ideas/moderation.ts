import 'server-only';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Moderator, Viewer } from '../accounts/viewer';
import { ideaChanged } from '../cache/invalidate';
import { getDb, transaction } from '../db';
import { enqueueModerationEmail } from '../mail/notifications';
import { emailQueued } from '../mail/worker';
import type { TextLanguage } from '@/lib/i18n/text-languages';
import { ideaAvailability, ideaDates, ideas, photos } from '../db/schema';
import { ApiError, invalid } from '../http/problem';
import { detail, findIdea, requireAuthor } from './find-idea';

/** The way to publication: an author submits a complete idea, a moderator approves or refuses it. */

type IdeaRow = typeof ideas.$inferSelect;

/** The 403 detail of approve and refuse, whose routes check the role. */
export const MODERATORS_ONLY = 'Only moderators approve and refuse ideas.';

/** What an idea still lacks before moderation, by field. */
async function missingForModeration(idea: IdeaRow, now: Date): Promise<Record<string, string[]>> {
  const db = await getDb();
  const missing: Record<string, string[]> = {};
  if (!idea.title.ru?.trim()) missing.title = ['Add a title in Russian.'];
  if (!idea.description.ru?.trim()) missing.description = ['Add a description in Russian.'];
  if (!idea.categoryId) missing.category_id = ['Choose a category.'];
  if (!idea.placeId) missing.place_id = ['Choose a place.'];
  if (idea.price === null) missing.price = ['Set a price.'];
  if (!idea.cancellationPolicy) missing.cancellation_policy = ['Choose a cancellation policy.'];
  if (!idea.meetingPoint.ru?.trim()) missing.meeting_point = ['Say where the group meets, in Russian.'];
  // A private idea is booked within its weekly availability, a group idea on its departures.
  if (idea.format === 'private') {
    const [window] = await db
      .select({ id: ideaAvailability.id })
      .from(ideaAvailability)
      .where(eq(ideaAvailability.ideaId, idea.id))
      .limit(1);
    if (!window) missing.availability = ['Add at least one weekly time window.'];
  } else {
    const [future] = await db
      .select({ id: ideaDates.id })
      .from(ideaDates)
      .where(and(eq(ideaDates.ideaId, idea.id), gt(ideaDates.startsAt, now), isNull(ideaDates.cancelledAt)))
      .limit(1);
    if (!future) missing.dates = ['Add at least one future date.'];
  }
  const [photo] = await db.select({ id: photos.id }).from(photos).where(eq(photos.ideaId, idea.id)).limit(1);
  if (!photo) missing.photo_ids = ['Add at least one photo.'];
  return missing;
}

/** POST /ideas/{hid}/submit: a complete draft (or refused idea) goes to moderation. */
export async function submitIdea(param: string, language: TextLanguage, viewer: Viewer, now = new Date()) {
  const idea = await findIdea(param);
  requireAuthor(idea, viewer);
  if (idea.status !== 'draft' && idea.status !== 'refused')
    throw new ApiError(409, 'Conflict', `The idea is ${idea.status}; only drafts and refused ideas are submitted.`);
  const missing = await missingForModeration(idea, now);
  if (Object.keys(missing).length) throw invalid(missing, 'The idea is not complete yet.');
  const db = await getDb();
  await db
    .update(ideas)
    .set({ status: 'not-moderated', refusalReason: null, updatedAt: now })
    .where(eq(ideas.id, idea.id));
  ideaChanged(idea.id);
  return detail(idea, language, viewer);
}

async function moderate(param: string, viewer: Moderator, change: Partial<IdeaRow>, language: TextLanguage) {
  const idea = await findIdea(param);
  // The decision and the email that tells the author about it commit together.
  const updated = await transaction(async (tx) => {
    const rows = await tx
      .update(ideas)
      .set(change)
      .where(and(eq(ideas.id, idea.id), eq(ideas.status, 'not-moderated')))
      .returning({ id: ideas.id });
    if (rows.length > 0)
      await enqueueModerationEmail(
        tx,
        idea.id,
        change.status === 'published' ? 'approved' : 'refused',
        change.refusalReason ?? '',
      );
    return rows;
  });
  if (updated.length === 0)
    throw new ApiError(409, 'Conflict', 'Only ideas waiting for moderation can be approved or refused.');
  ideaChanged(idea.id);
  emailQueued();
  return detail(idea, language, viewer);
}

/** POST /ideas/{hid}/approve */
export const approveIdea = (param: string, language: TextLanguage, viewer: Moderator, now = new Date()) =>
  moderate(param, viewer, { status: 'published', publishedAt: now, refusalReason: null, updatedAt: now }, language);

/** POST /ideas/{hid}/refuse with the reason the author will see. */
export const refuseIdea = (
  param: string,
  reason: string,
  language: TextLanguage,
  viewer: Moderator,
  now = new Date(),
) => moderate(param, viewer, { status: 'refused', refusalReason: reason, updatedAt: now }, language);
