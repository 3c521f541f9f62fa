import { z } from 'zod';
import { MAX_ID } from './ids';
import { resource } from './common';

export const osmSearchQuery = z.object({
  title: z
    .string({ error: 'Give a place name to search for.' })
    .trim()
    .min(2, 'At least 2 characters.')
    .max(100, 'At most 100 characters.'),
});

/** A local place id (digits) or an OpenStreetMap object (N, W or R followed by digits). */
export const osmId = z
  .string()
  .regex(/^(\d{1,9}|[NWR]\d{1,12})$/, 'Use a place id or an OpenStreetMap id such as N123.');

export const osmPlaceResource = resource(
  'osmPlaces',
  z.object({ title: z.string(), display_name: z.string(), lat: z.number(), lon: z.number() }),
  z.string(),
);
export type OsmPlaceResource = z.infer<typeof osmPlaceResource>;

/** POST /osm/saveSelected: the chosen map result; title and position are used when no map service is configured. */
export const saveSelectedBody = z.strictObject({
  id: z.string().regex(/^[NWR]\d{1,12}$/, 'Use an OpenStreetMap id such as N123.'),
  title: z.string().trim().min(1).max(200, 'At most 200 characters.').optional(),
  lat: z.number().min(-90).max(90).optional(),
  lon: z.number().min(-180).max(180).optional(),
  parent_id: z.number().int().min(0).max(MAX_ID, 'Too large.').optional(),
});
