import { z } from 'zod';
import { isoDate } from './common';

/** The guide's departures (/office/departures) and a departure's manifest, messages and cancellation. */

/** The longest range one GET /office/departures reads: three months of days. */
export const MAX_DEPARTURE_RANGE_DAYS = 92;
/** The range when the query names none: four weeks from today. */
export const DEFAULT_DEPARTURE_RANGE_DAYS = 28;

export const departuresQuery = z.object({
  from: isoDate.optional().describe('First local (Vladivostok) day, YYYY-MM-DD; default today'),
  to: isoDate
    .optional()
    .describe(
      `Last local day, included; default ${DEFAULT_DEPARTURE_RANGE_DAYS - 1} days after from, at most ${MAX_DEPARTURE_RANGE_DAYS - 1}`,
    ),
});
export type DeparturesQuery = z.infer<typeof departuresQuery>;

export const departureAttributes = z.object({
  idea_hid: z.string(),
  idea_title: z.string(),
  starts_at: z.iso.datetime({ offset: true }),
  /** Local day and time in Vladivostok. */
  day: z.string(),
  time: z.string(),
  seats_total: z.number().int(),
  /** Seats held by confirmed and requested bookings. */
  seats_taken: z.number().int(),
  /** Requests waiting for the guide's answer. */
  requests_waiting: z.number().int(),
  bookings_count: z.number().int(),
  cancelled_at: z.iso.datetime({ offset: true }).nullable(),
  cancel_reason: z.string().nullable(),
});
export const departureResource = z.object({
  id: z.number().int(),
  hid: z.string(),
  type: z.literal('departures'),
  attributes: departureAttributes,
  relationships: z.object({}),
});
export type DepartureResource = z.infer<typeof departureResource>;

/** The days of a range, each with its departures in time order (days without departures are left out). */
export const departureDays = z.object({
  data: z.array(z.object({ day: z.string(), departures: z.array(departureResource) })),
  meta: z.object({ from: z.string(), to: z.string(), next_from: z.string().nullable() }),
});
export type DepartureDays = z.infer<typeof departureDays>;

export const manifestEntry = z.object({
  booking_hid: z.string(),
  /** requested, confirmed, cancelled… (the booking's state). */
  status: z.string(),
  name: z.string(),
  adults: z.number().int(),
  children: z.number().int(),
  /** Shown once the booking is confirmed; null before (and for ended bookings). */
  phone: z.string().nullable(),
  email: z.string().nullable(),
  comment: z.string().nullable(),
  /** Its conversation (`/account/messages/{hid}`). */
  conversation_hid: z.string(),
  end_reason: z.string().nullable(),
});
export type ManifestEntry = z.infer<typeof manifestEntry>;

export const manifestResponse = z.object({
  data: departureResource.extend({
    relationships: z.object({ bookings: z.object({ data: z.array(manifestEntry) }) }),
  }),
});
export type Manifest = z.infer<typeof manifestResponse>['data'];

const text = (max: number, missing: string) =>
  z
    .string({ error: missing })
    .trim()
    .min(1, missing)
    .max(max, `At most ${max.toLocaleString('en')} characters.`);

export const messageGuestsBody = z.strictObject({ text: text(4000, 'Write a message.') });
export const cancelDepartureBody = z.strictObject({ reason: text(1000, 'Say why the departure is cancelled.') });

const time = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Use a time like 09:30.');
export const scheduleBody = z.strictObject({
  weekdays: z
    .array(z.number().int().min(1, 'Use 1 (Monday) … 7 (Sunday).').max(7, 'Use 1 (Monday) … 7 (Sunday).'))
    .min(1, 'Choose at least one weekday.')
    .max(7),
  times: z.array(time).min(1, 'Add at least one start time.').max(12, 'At most 12 start times.'),
  from: isoDate,
  to: isoDate,
  seats: z.number({ error: 'How many seats?' }).int().min(1, 'At least 1.').max(1000, 'At most 1000.'),
  preview: z.boolean().default(false),
});
export type ScheduleBody = z.infer<typeof scheduleBody>;

export const scheduleResponse = z.object({
  data: z.object({
    created: z.boolean(),
    departures: z.array(z.object({ starts_at: z.iso.datetime({ offset: true }), day: z.string(), time: z.string() })),
    skipped: z.number().int(),
  }),
});
export type ScheduleResponse = z.infer<typeof scheduleResponse>['data'];
