import { z } from 'zod';
import {
  MAX_GUESTS,
  MAX_MONEY,
  MAX_QUERY_LENGTH,
  SEARCH_TYPES,
  SORT_DIRECTIONS,
  SORTS,
  SPOKEN_LANGUAGES,
  TIMES_OF_DAY,
} from '@/lib/listing/filter-values';
import { bboxProblem, parseBbox } from '@/lib/listing/bbox';
import { IDEA_FORMATS } from '@/lib/bookings/private-slots';
import { CANCELLATION_POLICIES } from '@/lib/bookings/cancellation';
import { idParam, isoDate, nameList, pageParams, resource } from './common';

export const LIST_INCLUDES = [
  'price',
  'author',
  'futureDates',
  'photos',
  'ideaItineraries',
  'ideaPrice',
  'bookingParams',
  'place',
  'category',
] as const;
export type IdeaInclude = (typeof LIST_INCLUDES)[number];
export const DEFAULT_LIST_INCLUDES: IdeaInclude[] = ['price', 'author', 'futureDates'];
export const DEFAULT_DETAIL_INCLUDES: IdeaInclude[] = [
  'futureDates',
  'ideaPrice',
  'bookingParams',
  'ideaItineraries',
  'photos',
  'author',
  'place',
  'category',
];

const flag = z.enum(['0', '1', 'true', 'false'], { error: 'Use 1 or 0.' }).transform((v) => v === '1' || v === 'true');
const count = z.coerce
  .number({ error: 'Must be a number.' })
  .int('Must be a whole number.')
  .min(0, 'Must be 0 or more.')
  .max(MAX_GUESTS, `At most ${MAX_GUESTS}.`);
const money = z.coerce
  .number({ error: 'Must be a number.' })
  .int('Must be a whole number.')
  .min(0, 'Must be 0 or more.')
  .max(MAX_MONEY, 'Too large.');

/** GET /ideas — every listing filter of SPEC section 3. */
export const ideasQuery = z
  .object({
    ...pageParams,
    cursor: z
      .string()
      .max(500, 'At most 500 characters.')
      .optional()
      .describe(
        "GET /ideas only: the previous page's meta.next_cursor, to read the next page from where that one ended (faster than a deep page number; page then only numbers it in meta). Same filters and order as that page.",
      ),
    sort: z
      .enum(SORTS, { error: `Use one of ${SORTS.join(', ')}.` })
      .default('default')
      .describe(
        'rating: by the Bayesian average of the visible reviews (the average pulled towards the site-wide mean as if the idea had 5 more reviews of that mean), so many good reviews outrank a few; ideas without reviews last. quality (home rows): newest first (nearest first in a nearby search), ideas whose reviews rate them below the site-wide mean (their Bayesian average is pulled up towards it) after the others',
      ),
    sortDirection: z.enum(SORT_DIRECTIONS, { error: `Use one of ${SORT_DIRECTIONS.join(', ')}.` }).default('default'),
    include: nameList(LIST_INCLUDES).default(DEFAULT_LIST_INCLUDES),
    idea_type_id: idParam.optional(),
    simple_resource: flag.default(false),
    place_id: idParam
      .optional()
      .describe('Default 7 (Vladivostok), children included; not applied to the moderation queue or a nearby search'),
    category_id: idParam.optional(),
    section_name: z.string().max(50, 'At most 50 characters.').optional(),
    f: z.enum(['not-moderated'], { error: 'The only filter is not-moderated.' }).optional(),
    query: z.string().trim().min(1).max(MAX_QUERY_LENGTH, `At most ${MAX_QUERY_LENGTH} characters.`).optional(),
    checkin: isoDate.optional(),
    checkout: isoDate.optional(),
    date_from: isoDate.optional(),
    date_to: isoDate.optional(),
    time_of_day: z.enum(TIMES_OF_DAY, { error: `Use one of ${TIMES_OF_DAY.join(', ')}.` }).optional(),
    adults: count.optional(),
    children: count.optional(),
    price_min: money.optional(),
    price_max: money.optional(),
    languages: nameList(SPOKEN_LANGUAGES).optional(),
    gps_lat: z.coerce
      .number({ error: 'Must be a number.' })
      .min(-90, 'Between -90 and 90.')
      .max(90, 'Between -90 and 90.')
      .optional(),
    gps_lon: z.coerce
      .number({ error: 'Must be a number.' })
      .min(-180, 'Between -180 and 180.')
      .max(180, 'Between -180 and 180.')
      .optional(),
    search_type: z.enum(SEARCH_TYPES, { error: `Use one of ${SEARCH_TYPES.join(', ')}.` }).optional(),
    bbox: z
      .string()
      .superRefine((value, ctx) => {
        const problem = bboxProblem(value);
        if (problem) ctx.addIssue({ code: 'custom', message: problem });
      })
      .transform(parseBbox)
      .optional()
      .describe('The visible area of a map: minLon,minLat,maxLon,maxLat; only ideas inside it'),
  })
  .superRefine((q, ctx) => {
    if (q.price_min !== undefined && q.price_max !== undefined && q.price_min > q.price_max) {
      ctx.addIssue({ code: 'custom', path: ['price_max'], message: 'Must not be below price_min.' });
    }
    for (const [from, to] of [
      ['checkin', 'checkout'],
      ['date_from', 'date_to'],
    ] as const) {
      if (q[from] && q[to] && q[to] < q[from])
        ctx.addIssue({ code: 'custom', path: [to], message: `Must not be before ${from}.` });
    }
    if ((q.gps_lat === undefined) !== (q.gps_lon === undefined)) {
      ctx.addIssue({
        code: 'custom',
        path: [q.gps_lat === undefined ? 'gps_lat' : 'gps_lon'],
        message: 'Give gps_lat and gps_lon together.',
      });
    }
    const needsPosition = q.search_type === 'nearby' || q.sort === 'distance';
    if (needsPosition && q.gps_lat === undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['gps_lat'],
        message: 'Nearby search and distance sort need gps_lat and gps_lon.',
      });
    }
  });
export type IdeasQuery = z.infer<typeof ideasQuery>;

/** GET /ideas/{id} */
export const ideaQuery = z.object({ include: nameList(LIST_INCLUDES).default(DEFAULT_DETAIL_INCLUDES) });

const userSummary = resource(
  'users',
  z.object({ name: z.string(), image_url: z.string().nullable(), profile_hid: z.string() }),
);

const ideaDate = resource(
  'ideaDates',
  z.object({ starts_at: z.string(), seats_total: z.number().int(), seats_left: z.number().int() }),
);

const photo = resource(
  'photos',
  z.object({
    cover_url: z.string(),
    large_url: z.string(),
    width: z.number().int(),
    height: z.number().int(),
    position: z.number().int(),
  }),
);

const itineraryStep = resource(
  'ideaItineraries',
  z.object({
    position: z.number().int(),
    title: z.string(),
    description: z.string(),
    duration_minutes: z.number().int().nullable(),
  }),
);

const price = z.object({ amount: z.number().int().nullable(), currency: z.string(), symbol: z.string() });

export const ideaResource = z.object({
  id: z.number().int(),
  hid: z.string(),
  type: z.literal('ideas'),
  attributes: z.object({
    title: z.string(),
    description: z.string().optional(),
    status: z.enum(['draft', 'not-moderated', 'published', 'refused']),
    refusal_reason: z.string().nullable().optional(),
    category_id: z.number().int().nullable(),
    place_id: z.number().int().nullable(),
    place_title: z.string(),
    idea_type_id: z.number().int(),
    languages: z.array(z.string()),
    duration_minutes: z.number().int().nullable(),
    lat: z.number().nullable(),
    lon: z.number().nullable(),
    cover_url: z.string().nullable(),
    next_date: z.string().nullable(),
    distance_km: z.number().nullable().optional(),
    published_at: z.string().nullable(),
    rating: z.number().nullable().describe('Average of the visible reviews, one decimal; null without reviews'),
    reviews_count: z.number().int(),
    cancellation_policy: z
      .enum(CANCELLATION_POLICIES)
      .nullable()
      .describe('Free cancellation until 24 h, 72 h or 7 days before the start, or none; null on drafts without one'),
    booking_mode: z
      .enum(['instant', 'request'])
      .describe('instant: a booking is confirmed at once; request: the guide accepts or declines it'),
    response_hours: z.number().int().describe("The idea's deadline for the guide's answer to a request, in hours"),
    format: z
      .enum(IDEA_FORMATS)
      .describe('group: seats on departures, price per adult; private: a group proposes a time, price per group'),
    private: z
      .object({
        slot_step_minutes: z.number().int(),
        availability: z.array(z.object({ weekday: z.number().int(), start: z.string(), end: z.string() })),
        blocked_days: z.array(z.string()),
      })
      .optional()
      .describe("A private idea's weekly windows (Vladivostok time) and blocked days (one idea only)"),
    usual_response_hours: z
      .number()
      .int()
      .optional()
      .describe('How soon the guide usually answers (one idea only): their recent answers, or response_hours'),
    meeting_point: z
      .object({ text: z.string(), lat: z.number().nullable(), lon: z.number().nullable() })
      .nullable()
      .optional()
      .describe('Where the group meets (one idea only, not in listings); null until the author sets it'),
  }),
  relationships: z.object({
    price: z.object({ data: price }).optional(),
    author: z.object({ data: userSummary }).optional(),
    futureDates: z.object({ data: z.array(ideaDate) }).optional(),
    photos: z.object({ data: z.array(photo) }).optional(),
    ideaItineraries: z.object({ data: z.array(itineraryStep) }).optional(),
    ideaPrice: z
      .object({ data: price.extend({ child_amount: z.number().int().nullable(), includes: z.string() }) })
      .optional(),
    bookingParams: z
      .object({
        data: z.object({ min_persons: z.number().int(), max_persons: z.number().int(), children_allowed: z.boolean() }),
      })
      .optional(),
    place: z
      .object({ data: z.object({ id: z.number().int(), title: z.string(), parent_id: z.number().int() }) })
      .optional(),
    category: z
      .object({ data: z.object({ id: z.number().int(), title: z.string(), color: z.number().int() }) })
      .optional(),
  }),
});
export type IdeaResource = z.infer<typeof ideaResource>;
