import { describe, expect, it } from 'vitest';
import { DELETE as deleteIdea, PATCH as patchIdea } from '@/app/api/v1/ideas/[id]/route';
import { GET as listIdeas } from '@/app/api/v1/ideas/route';
import { GET as suggestRoute } from '@/app/api/v1/search/suggest/route';
import { SEED_AUTHORS, SEED_IDEAS } from '@/lib/server/demo/content/ideas';
import { AUTHOR_PASSWORD, MODERATOR_EMAIL, MODERATOR_PASSWORD } from '@/lib/server/demo/seed';
import { apiDatabaseForFile, call, signInHeaders } from '../support/api';
import { moderationStep } from '../support/moderation';

// The text search follows every write of an idea: an edit, its moderation, its removal.
apiDatabaseForFile();

const index = SEED_IDEAS.findIndex((idea) => idea.key === 'tokarevsky-lighthouse-sunset');
const seed = SEED_IDEAS[index];
const id = String(index + 1);

/** The titles GET /ideas?query= finds in the region, best first. */
async function titlesFound(query: string) {
  const { status, body } = await call(
    listIdeas,
    `/api/v1/ideas?place_id=1&limit=100&query=${encodeURIComponent(query)}`,
  );
  expect(status).toBe(200);
  return body.data.map((idea: { attributes: { title: string } }) => idea.attributes.title);
}

const suggestedTitles = async (query: string) =>
  (await call(suggestRoute, `/api/v1/search/suggest?query=${encodeURIComponent(query)}`)).body.data.ideas.map(
    (idea: { title: string }) => idea.title,
  );

describe('GET /ideas?query= after an idea changes', () => {
  it('an edited title is found by its new words once approved; a removed idea is found no more', async () => {
    const author = await signInHeaders(SEED_AUTHORS[seed.author].email, AUTHOR_PASSWORD);
    const moderator = await signInHeaders(MODERATOR_EMAIL, MODERATOR_PASSWORD);
    expect(await titlesFound('токаревского маяка')).toContain(seed.title.ru);
    expect(await titlesFound('шмелиный')).toEqual([]);

    const title = { ru: 'Закат у Шмелиного маяка', en: 'Sunset at the Bumblebee lighthouse' };
    const edited = await call(patchIdea, `/api/v1/ideas/${id}`, {
      method: 'PATCH',
      params: { id },
      headers: author,
      json: { title },
    });
    expect(edited.status).toBe(200);
    // Back in moderation: out of the search under either title.
    expect(await titlesFound('шмелиный')).toEqual([]);
    expect(await titlesFound('токаревского маяка')).not.toContain(seed.title.ru);
    expect(await suggestedTitles('шмелин')).toEqual([]);

    expect((await moderationStep('approve', id, moderator)).status).toBe(200);
    // Its new title ranks it first for its new words, in either language; its old title is gone.
    expect((await titlesFound('шмелиный'))[0]).toBe(title.ru);
    expect((await titlesFound('bumblebee'))[0]).toBe(title.ru);
    expect(await titlesFound('токаревского маяка')).not.toContain(seed.title.ru);
    expect(await suggestedTitles('шмелин')).toEqual([title.ru]);

    const removed = await call(deleteIdea, `/api/v1/ideas/${id}`, {
      method: 'DELETE',
      params: { id },
      headers: author,
    });
    expect(removed.status).toBeLessThan(300);
    expect(await titlesFound('шмелиный')).toEqual([]);
    expect(await titlesFound('маяк')).not.toContain(title.ru);
    expect(await suggestedTitles('шмелин')).toEqual([]);
  });
});
