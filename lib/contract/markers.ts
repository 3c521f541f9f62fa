import { z } from 'zod';

/** Most markers one answer carries: beyond a few hundred pins a map is unreadable, and the visitor zooms in. */
export const MARKERS_LIMIT = 500;

/** One idea as a pin on the map and its popup card. */
export const ideaMarker = z.object({
  hid: z.string(),
  lat: z.number(),
  lon: z.number(),
  title: z.string(),
  price: z.number().int().nullable(),
  currency: z.string(),
  cover_url: z.string().nullable(),
  rating: z.number().nullable(),
  reviews_count: z.number().int(),
});
export type IdeaMarker = z.infer<typeof ideaMarker>;

/** GET /ideas/markers */
export const ideaMarkersResponse = z.object({
  data: z.array(ideaMarker),
  meta: z.object({
    total: z
      .number()
      .int()
      .describe('Matching ideas that have coordinates, counted up to `limit` (then total_capped: "500+")'),
    total_capped: z.boolean().describe('More ideas match than `limit`: the map shows the first ones'),
    limit: z.number().int(),
  }),
});
export type IdeaMarkersResponse = z.infer<typeof ideaMarkersResponse>;
