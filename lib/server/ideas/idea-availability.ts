import 'server-only';
import { asc, eq } from 'drizzle-orm';
import { minuteOf, minuteText, windowsOverlap } from '@/lib/bookings/private-slots';
import type { PatchIdeaBody } from '@/lib/contract/own-ideas';
import type { Db } from '../db/client';
import type { Tx } from '../db';
import { ideaAvailability, ideaBlockedDays } from '../db/schema';
import { invalid } from '../http/problem';

/** A private idea's weekly windows (local `HH:MM`) and blocked days, as the API and the editor show them. */
export async function readAvailability(db: Db | Tx, ideaId: number) {
  const windows = await db
    .select()
    .from(ideaAvailability)
    .where(eq(ideaAvailability.ideaId, ideaId))
    .orderBy(asc(ideaAvailability.weekday), asc(ideaAvailability.startMinute));
  const blocked = await db
    .select({ day: ideaBlockedDays.day })
    .from(ideaBlockedDays)
    .where(eq(ideaBlockedDays.ideaId, ideaId))
    .orderBy(asc(ideaBlockedDays.day));
  return {
    availability: windows.map((w) => ({
      weekday: w.weekday,
      start: minuteText(w.startMinute),
      end: minuteText(w.endMinute),
    })),
    blocked_days: blocked.map((b) => b.day),
  };
}

/** The editor's save replaces the weekly windows and the blocked days, each when the body has them. */
export async function writeAvailability(tx: Tx, ideaId: number, body: PatchIdeaBody): Promise<void> {
  if (body.availability) {
    const windows = body.availability.map((w) => ({
      ideaId,
      weekday: w.weekday,
      startMinute: minuteOf(w.start)!,
      endMinute: minuteOf(w.end)!,
    }));
    const ranges = windows.map((w) => ({ weekday: w.weekday, start: w.startMinute, end: w.endMinute }));
    if (windowsOverlap(ranges)) throw invalid({ availability: ['Two windows of one weekday overlap.'] });
    await tx.delete(ideaAvailability).where(eq(ideaAvailability.ideaId, ideaId));
    if (windows.length) await tx.insert(ideaAvailability).values(windows);
  }
  if (body.blocked_days) {
    await tx.delete(ideaBlockedDays).where(eq(ideaBlockedDays.ideaId, ideaId));
    const days = [...new Set(body.blocked_days)];
    if (days.length) await tx.insert(ideaBlockedDays).values(days.map((day) => ({ ideaId, day })));
  }
}
