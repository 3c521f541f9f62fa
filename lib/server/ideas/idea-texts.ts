import 'server-only';
import { asc, eq } from 'drizzle-orm';
import { isModerator, type Viewer } from '../accounts/viewer';
import { getDb } from '../db';
import { ideaItineraries, type LocalizedText } from '../db/schema';
import { forbidden } from '../http/problem';
import { findIdea } from './find-idea';

const allLanguages = (text: Partial<LocalizedText> | null | undefined) => ({
  ru: text?.ru ?? '',
  en: text?.en ?? '',
  zh: text?.zh ?? '',
});

/** GET /ideas/{hid}/texts: every language of the texts, for the editor; the author and moderators only. */
export async function ideaTexts(param: string, viewer: Viewer) {
  const idea = await findIdea(param);
  if (idea.authorId !== viewer.id && !isModerator(viewer))
    throw forbidden('Only the author or a moderator can read all texts of this idea.');
  const db = await getDb();
  const steps = await db
    .select()
    .from(ideaItineraries)
    .where(eq(ideaItineraries.ideaId, idea.id))
    .orderBy(asc(ideaItineraries.position));
  return {
    data: {
      title: allLanguages(idea.title),
      description: allLanguages(idea.description),
      includes: allLanguages(idea.includes),
      meeting_point: allLanguages(idea.meetingPoint),
      itinerary: steps.map((step) => ({
        title: allLanguages(step.title),
        description: allLanguages(step.description),
        duration_minutes: step.durationMinutes,
      })),
    },
  };
}
