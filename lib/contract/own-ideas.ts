import { z } from 'zod';
import { SPOKEN_LANGUAGES } from '@/lib/listing/filter-values';
import { CANCELLATION_POLICIES } from '@/lib/bookings/cancellation';
import { bodyId, isoDate } from './common';
import { IDEA_FORMATS, MAX_BLOCKED_DAYS, MAX_WINDOWS } from '@/lib/bookings/private-slots';
import { availabilityWindowBody, slotStepMinutes } from './private-bookings';
import { MAX_RESPONSE_HOURS, MIN_RESPONSE_HOURS } from '@/lib/bookings/states';

const text = (max: number) => z.string().trim().max(max, `At most ${max} characters.`);
const localized = (max: number) =>
  z.strictObject({ ru: text(max).optional(), en: text(max).optional(), zh: text(max).optional() });
const positiveInt = (max: number) =>
  z.number().int('Must be a whole number.').min(0, 'Cannot be negative.').max(max, 'Too large.');

/** PATCH /ideas/{hid}: any subset of an idea's fields; lists (dates, itinerary, photos) are replaced whole. */
export const patchIdeaBody = z
  .strictObject({
    title: localized(120).optional(),
    description: localized(10_000).optional(),
    includes: localized(500).optional(),
    category_id: bodyId.nullable().optional(),
    place_id: bodyId.nullable().optional(),
    idea_type_id: bodyId.optional(),
    languages: z.array(z.enum(SPOKEN_LANGUAGES)).max(3).optional(),
    duration_minutes: positiveInt(60 * 24 * 30)
      .nullable()
      .optional(),
    price: positiveInt(10_000_000).nullable().optional(),
    child_price: positiveInt(10_000_000).nullable().optional(),
    currency: z.enum(['RUB', 'CNY', 'USD', 'EUR']).optional(),
    min_persons: z.number().int().min(1).max(100).optional(),
    max_persons: z.number().int().min(1).max(100).optional(),
    children_allowed: z.boolean().optional(),
    lat: z.number().min(-90).max(90).nullable().optional(),
    lon: z.number().min(-180).max(180).nullable().optional(),
    cancellation_policy: z
      .enum(CANCELLATION_POLICIES, { error: `Use one of ${CANCELLATION_POLICIES.join(', ')}.` })
      .optional(),
    booking_mode: z
      .enum(['instant', 'request'], { error: 'Use instant or request.' })
      .optional()
      .describe('instant: bookings are confirmed at once; request: the guide accepts or declines each'),
    response_hours: z
      .number({ error: 'Give the response time in hours.' })
      .int('Must be a whole number of hours.')
      .min(MIN_RESPONSE_HOURS, `At least ${MIN_RESPONSE_HOURS} hours.`)
      .max(MAX_RESPONSE_HOURS, `At most ${MAX_RESPONSE_HOURS} hours.`)
      .optional()
      .describe('How long the guide has to answer a request before it expires'),
    format: z
      .enum(IDEA_FORMATS, { error: 'Use group or private.' })
      .optional()
      .describe('group: seats on departures, price per adult; private: a group proposes a time, price per group'),
    slot_step_minutes: slotStepMinutes.optional().describe("Minutes between a private idea's start times"),
    availability: z
      .array(availabilityWindowBody)
      .max(MAX_WINDOWS, `At most ${MAX_WINDOWS} windows.`)
      .optional()
      .describe("A private idea's weekly windows in Vladivostok time, replaced whole"),
    blocked_days: z
      .array(isoDate)
      .max(MAX_BLOCKED_DAYS, `At most ${MAX_BLOCKED_DAYS} days.`)
      .optional()
      .describe('Local days a private idea is not offered on, replaced whole'),
    meeting_point: localized(300).optional(),
    meeting_lat: z.number().min(-90, 'Between -90 and 90.').max(90, 'Between -90 and 90.').nullable().optional(),
    meeting_lon: z.number().min(-180, 'Between -180 and 180.').max(180, 'Between -180 and 180.').nullable().optional(),
    dates: z
      .array(
        z.strictObject({
          id: bodyId.optional(),
          starts_at: z.iso.datetime({ offset: true, error: 'Use an ISO date and time.' }),
          seats_total: z.number().int().min(1).max(1000),
        }),
      )
      .max(100)
      .optional(),
    itinerary: z
      .array(
        z
          .strictObject({
            title: localized(200),
            description: localized(2000).optional(),
            duration_minutes: positiveInt(60 * 24 * 30)
              .nullable()
              .optional(),
          })
          // A step travellers would see as an empty line is refused, not stored.
          .refine((step) => Object.values(step.title).some((title) => title), {
            path: ['title'],
            message: 'Give the step a title in at least one language, or remove the step.',
          }),
      )
      .max(50)
      .optional(),
    photo_ids: z.array(bodyId).max(30).optional(),
    cover_photo_id: bodyId.nullable().optional(),
  })
  .refine((b) => b.min_persons === undefined || b.max_persons === undefined || b.min_persons <= b.max_persons, {
    path: ['max_persons'],
    message: 'Must not be below min_persons.',
  });
export type PatchIdeaBody = z.infer<typeof patchIdeaBody>;

export const refuseBody = z.strictObject({
  reason: z
    .string({ error: 'Give the reason.' })
    .trim()
    .min(3, 'Give the reason.')
    .max(1000, 'At most 1000 characters.'),
});

const allLanguages = z.object({ ru: z.string(), en: z.string(), zh: z.string() });
/** GET /ideas/{hid}/texts: every language of an idea's texts, for its editor (author or moderator). */
export const ideaTextsResponse = z.object({
  data: z.object({
    title: allLanguages,
    description: allLanguages,
    includes: allLanguages,
    meeting_point: allLanguages,
    itinerary: z.array(
      z.object({ title: allLanguages, description: allLanguages, duration_minutes: z.number().int().nullable() }),
    ),
  }),
});
export type IdeaTexts = z.infer<typeof ideaTextsResponse>['data'];
export type LocalizedTexts = z.infer<typeof allLanguages>;
