import 'server-only';
import { sql } from 'drizzle-orm';
import { toHid } from '../db/hids';
import { rowsOf, type Db } from '../db/client';
import { ideaDates, ideaItineraries, ideas } from '../db/schema';
import { SEED_PLACES } from './content/catalog';
import { SEED_AUTHORS, SEED_IDEAS } from './content/ideas';
import { departureStart } from './seed';
import { seededRandom } from '@/lib/seeded-random';

const BATCH = 1_000;
const DATES_PER_IDEA = 3;

/**
 * Adds `count` published ideas (variations of the demo ideas, spread over every place, category and
 * price range, each with future departures and a short itinerary) for benchmarks. Run after the seed.
 */
export async function generateIdeas(
  db: Db,
  count: number,
  { now = new Date(), onProgress }: { now?: Date; onProgress?: (done: number) => void } = {},
) {
  // Seeded by the count, so two generated data sets of the same size are identical.
  const next = seededRandom(count);
  const [{ maxId }] = rowsOf<{ maxId: number }>(
    await db.execute(sql`select coalesce(max(id), 0)::int as "maxId" from ideas`),
  );
  const published = SEED_IDEAS.map((idea, index) => ({ idea, coverPhotoId: index * 4 + 1 })).filter(
    ({ idea }) => idea.status === 'published',
  );
  for (let start = 0; start < count; start += BATCH) {
    const size = Math.min(BATCH, count - start);
    const rows = Array.from({ length: size }, (_, i) => {
      const id = maxId + start + i + 1;
      const { idea, coverPhotoId } = published[Math.floor(next() * published.length)];
      const place = SEED_PLACES[Math.floor(next() * SEED_PLACES.length)];
      const price = Math.round((idea.price * (0.5 + next())) / 100) * 100;
      const offsets = Array.from({ length: DATES_PER_IDEA }, () => 1 + Math.floor(next() * 150)).sort((a, b) => a - b);
      const suffix = ` #${id}`;
      const title = { ru: idea.title.ru + suffix, en: idea.title.en + suffix, zh: idea.title.zh + suffix };
      return {
        row: {
          id,
          hid: toHid(id),
          authorId: 1 + Math.floor(next() * SEED_AUTHORS.length),
          placeId: place.id,
          categoryId: 1 + Math.floor(next() * 8),
          ideaTypeId: 1 + Math.floor(next() * 4),
          status: 'published' as const,
          title,
          description: idea.description,
          includes: idea.includes,
          languages: idea.languages,
          durationMinutes: idea.durationMinutes,
          lat: place.lat + (next() - 0.5) * 0.1,
          lon: place.lon + (next() - 0.5) * 0.1,
          cancellationPolicy: 'free_24h' as const,
          meetingPoint: place.title,
          price,
          childPrice: idea.childPrice === null ? null : Math.round(price * 0.6),
          minPersons: idea.minPersons,
          maxPersons: idea.maxPersons,
          childrenAllowed: idea.childrenAllowed,
          nextDateAt: departureStart(now, offsets[0], idea.startTime).startsAt,
          coverPhotoId,
          publishedAt: new Date(now.getTime() - Math.floor(next() * 365 * 86_400_000)),
        },
        dates: offsets.map((offset) => {
          const { startsAt, localStartMinute } = departureStart(now, offset, idea.startTime);
          const seatsLeft = Math.floor(next() * (idea.seatsPerDate + 1));
          return { ideaId: id, startsAt, localStartMinute, seatsTotal: idea.seatsPerDate, seatsLeft };
        }),
        steps: idea.itinerary.slice(0, 2).map((step, position) => ({
          ideaId: id,
          position,
          title: step.title,
          description: step.description,
          durationMinutes: step.durationMinutes,
        })),
      };
    });
    await db.transaction(async (tx) => {
      await tx.insert(ideas).values(rows.map((r) => r.row));
      await tx.insert(ideaDates).values(rows.flatMap((r) => r.dates));
      await tx.insert(ideaItineraries).values(rows.flatMap((r) => r.steps));
    });
    onProgress?.(start + size);
  }
  for (const table of ['ideas', 'idea_dates', 'idea_itineraries']) {
    await db.execute(
      sql.raw(
        `SELECT setval(pg_get_serial_sequence('${table}', 'id'), (SELECT coalesce(max(id), 0) + 1 FROM ${table}), false)`,
      ),
    );
  }
  // Sets the visibility map too, so that listing counts can be index-only scans.
  await db.execute(sql`vacuum analyze`);
}
