import { z } from 'zod';
import { MAX_AVAILABILITY_DAYS, SLOT_STEP_CHOICES } from '@/lib/bookings/private-slots';
import { createBookingBody } from './bookings';
import { isoDate } from './common';

/** A local (Vladivostok) start time, `HH:MM`. */
export const localTimeText = z
  .string({ error: 'Use a time like 10:30.' })
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Use a time like 10:30.');

/** GET /ideas/{id}/availability: the free start times of a private idea from one local day to another. */
export const availabilityQuery = z
  .object({
    from: isoDate.describe('First local (Vladivostok) day, YYYY-MM-DD'),
    to: isoDate.describe(`Last local day, included; at most ${MAX_AVAILABILITY_DAYS} days after from`),
  })
  .refine((q) => q.to >= q.from, { path: ['to'], message: 'The last day comes before the first.' })
  .refine((q) => Date.parse(q.to) - Date.parse(q.from) < MAX_AVAILABILITY_DAYS * 86_400_000, {
    path: ['to'],
    message: `At most ${MAX_AVAILABILITY_DAYS} days at once.`,
  });

export const availabilityResponse = z.object({
  data: z.object({
    /** Every day of the range, with its free start times (local `HH:MM`), empty when none. */
    days: z.array(z.object({ day: z.string(), times: z.array(z.string()) })),
    duration_minutes: z.number().int(),
    time_zone: z.literal('Asia/Vladivostok'),
  }),
});

/** The day and local start time a traveller proposes, or the guide proposes instead. */
const slotFields = {
  day: isoDate,
  time: localTimeText,
};

/** POST /ideas/{id}/proposals: a private trip for a group, at a free start time; the price is per group. */
export const proposeBody = createBookingBody.omit({ idea_id: true, idea_date_id: true }).extend(slotFields);
export type AvailabilityRange = z.infer<typeof availabilityQuery>;
export type ProposeBody = z.infer<typeof proposeBody>;

/** POST /bookings/{hid}/counter-propose: the guide's other time. */
export const counterProposeBody = z.strictObject(slotFields);
export type CounterProposeBody = z.infer<typeof counterProposeBody>;

/** The editor's private-idea fields: weekly windows (local `HH:MM`) and blocked days. */
export const availabilityWindowBody = z
  .strictObject({
    weekday: z.number().int().min(1, 'Use 1 (Monday) … 7 (Sunday).').max(7, 'Use 1 (Monday) … 7 (Sunday).'),
    start: localTimeText,
    end: z.union([localTimeText, z.literal('24:00')], { error: 'Use a time like 18:00.' }),
  })
  .refine((w) => w.end > w.start, { path: ['end'], message: 'The window ends after it starts.' });

export const slotStepMinutes = z.union(
  SLOT_STEP_CHOICES.map((step) => z.literal(step)),
  { error: `Use one of ${SLOT_STEP_CHOICES.join(', ')} minutes.` },
);
