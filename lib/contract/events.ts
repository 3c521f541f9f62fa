import { z } from 'zod';

/** The kinds of live event a signed-in user's stream carries (GET /api/v1/events). */
export const liveEventTypes = ['message', 'read', 'booking'] as const;
export type LiveEventType = (typeof liveEventTypes)[number];

/** Test support (POST /api/v1/test/events): record an event for these users, as a message or booking would. */
export const testEventBody = z.object({
  user_ids: z.array(z.number().int().positive()).min(1).max(10_000),
  type: z.enum(liveEventTypes),
  payload: z.record(z.string(), z.unknown()).default({}),
});
