import 'server-only';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { ScheduleBody, ScheduleResponse } from '@/lib/contract/departures';
import { MAX_SCHEDULED_DEPARTURES, scheduleDepartures } from '@/lib/departures/schedule';
import { localStartMinute } from '@/lib/time/local-time';
import type { Viewer } from '../accounts/viewer';
import { ideaChanged } from '../cache/invalidate';
import { transaction } from '../db';
import { ideaDates, ideas } from '../db/schema';
import { invalid } from '../http/problem';
import { findIdea, requireAuthor } from '../ideas/find-idea';
import { refreshNextDate } from '../ideas/next-date';

/**
 * POST /ideas/{id}/departures/schedule: a repeating schedule's departures, previewed or created in one
 * transaction. It only adds: departures already there (at the same start) are skipped, none is changed or
 * deleted. Adding departures does not send a published idea back to moderation: its content is unchanged.
 */
export async function scheduleIdeaDepartures(
  param: string,
  body: ScheduleBody,
  viewer: Viewer,
  now = new Date(),
): Promise<{ data: ScheduleResponse }> {
  const idea = await findIdea(param);
  requireAuthor(idea, viewer);
  const result = await transaction(async (tx) => {
    // The idea first, then its departures: the lock order of every edit (ideas/write-idea.ts).
    await tx.select({ id: ideas.id }).from(ideas).where(eq(ideas.id, idea.id)).for('no key update');
    const existing = await tx
      .select({ startsAt: ideaDates.startsAt })
      .from(ideaDates)
      .where(and(eq(ideaDates.ideaId, idea.id), gt(ideaDates.startsAt, now), isNull(ideaDates.cancelledAt)));
    const schedule = scheduleDepartures(body, new Set(existing.map((d) => d.startsAt.getTime())), now);
    if (!schedule.ok)
      throw schedule.reason === 'tooMany'
        ? invalid(
            {
              to: [
                `More than ${MAX_SCHEDULED_DEPARTURES} departures: shorten the range or choose fewer days or times.`,
              ],
            },
            `A schedule makes at most ${MAX_SCHEDULED_DEPARTURES} departures.`,
          )
        : invalid({ to: ['Must not be before from.'] });
    if (!body.preview && schedule.departures.length > 0) {
      await tx.insert(ideaDates).values(
        schedule.departures.map((d) => ({
          ideaId: idea.id,
          startsAt: d.startsAt,
          localStartMinute: localStartMinute(d.startsAt),
          seatsTotal: body.seats,
          seatsLeft: body.seats,
        })),
      );
      await refreshNextDate(tx, idea.id, now);
    }
    return schedule;
  });
  const created = !body.preview && result.departures.length > 0;
  if (created) ideaChanged(idea.id);
  return {
    data: {
      created,
      departures: result.departures.map((d) => ({ starts_at: d.startsAt.toISOString(), day: d.day, time: d.time })),
      skipped: result.skipped,
    },
  };
}
