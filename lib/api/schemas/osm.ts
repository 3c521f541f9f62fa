import { z } from 'zod';

export const osmSearchQuery = z.object({
  title: z.string({ error: 'Give a place name to search for.' }).trim().min(2, 'At least 2 characters.').max(100, 'At most 100 characters.'),
});

/** A local place id (digits) or an OpenStreetMap object (N, W or R followed by digits). */
export const osmId = z.string().regex(/^(\d{1,9}|[NWR]\d{1,12})$/, 'Use a place id or an OpenStreetMap id such as N123.');

export const osmPlaceResource = z.object({
  id: z.string(),
  hid: z.string(),
  type: z.literal('osmPlaces'),
  attributes: z.object({ title: z.string(), display_name: z.string(), lat: z.number(), lon: z.number() }),
  relationships: z.object({}),
});
export type OsmPlaceResource = z.infer<typeof osmPlaceResource>;
