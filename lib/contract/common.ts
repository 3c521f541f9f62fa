import { z } from 'zod';
import { MAX_ID } from './ids';

/** A positive integer id given as text in a query or path. */
export const idParam = z.coerce
  .number({ error: 'Must be a number.' })
  .int('Must be a whole number.')
  .min(1, 'Must be 1 or more.')
  .max(MAX_ID, 'Too large.');

/** A row id in a JSON body: a whole number within PostgreSQL's integer range. */
export const bodyId = z
  .number({ error: 'Must be a number.' })
  .int('Must be a whole number.')
  .min(1, 'Must be 1 or more.')
  .max(MAX_ID, 'Too large.');

/** `YYYY-MM-DD`, a real calendar day. */
export const isoDate = z.iso.date({ error: 'Use a date like 2026-05-12.' });

/** A comma-separated list of allowed names, e.g. `include=price,author`; an unknown name fails the whole parameter. */
export function nameList<const T extends readonly [string, ...string[]]>(names: T) {
  const allowed = new Set<string>(names);
  return z
    .string()
    .transform((value) => [
      ...new Set(
        value
          .split(',')
          .map((part) => part.trim())
          .filter(Boolean),
      ),
    ])
    .superRefine((list, ctx) => {
      const unknown = list.filter((name) => !allowed.has(name));
      if (unknown.length)
        ctx.addIssue({
          code: 'custom',
          message: `Unknown ${unknown.map((n) => `"${n}"`).join(', ')}. Allowed: ${names.join(', ')}.`,
        });
    })
    .transform((list) => list as T[number][]);
}

/** The API's resource shape `{ id, hid, type, attributes, relationships }` for a resource without relationships. */
export function resource<const T extends string, A extends z.ZodType, I extends z.ZodType = z.ZodNumber>(
  type: T,
  attributes: A,
  id?: I,
) {
  return z.object({
    id: id ?? z.number().int(),
    hid: z.string(),
    type: z.literal(type),
    attributes,
    relationships: z.object({}),
  });
}

/** `page` and `limit` of a paged list: pages start at 1, `limit` defaults to 40 and is at most 100. */
export const pageParams = {
  page: z.coerce
    .number({ error: 'Must be a number.' })
    .int('Must be a whole number.')
    .min(1, 'Pages start at 1.')
    .max(1_000_000, 'Too large.')
    .default(1),
  limit: z.coerce
    .number({ error: 'Must be a number.' })
    .int('Must be a whole number.')
    .min(1, 'At least 1.')
    .max(100, 'At most 100.')
    .default(40),
};

/** The meta of one page of `total` items. */
export const pageMetaOf = (page: number, limit: number, total: number) => ({
  current_page: page,
  per_page: limit,
  total,
  last_page: Math.max(1, Math.ceil(total / limit)),
});

export const paginationMeta = z.object({
  current_page: z.number().int(),
  per_page: z.number().int(),
  total: z.number().int().describe('Number of items'),
  last_page: z.number().int().describe('Number of pages'),
});

/** GET /ideas's meta: a listing's total is counted up to a cap, and its pages can be read from a cursor. */
export const listingMeta = paginationMeta.extend({
  total: z.number().int().describe('Number of items, counted up to 500 (then total_capped)'),
  last_page: z
    .number()
    .int()
    .describe('Number of pages; when total_capped, the next page while there is one (next_cursor is not null)'),
  total_capped: z.boolean().describe('More items match than total says ("500+"); absent in the moderation queue'),
  next_cursor: z
    .string()
    .nullable()
    .describe('The `cursor` of the next page (null on the last); absent in the moderation queue'),
});

export const problem = z.object({
  type: z.string(),
  title: z.string(),
  status: z.number().int(),
  detail: z.string().optional(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
});

export const single = <T extends z.ZodType>(data: T) => z.object({ data });
export const list = <T extends z.ZodType>(item: T) => z.object({ data: z.array(item), meta: paginationMeta });
export const listing = <T extends z.ZodType>(item: T) =>
  z.object({ data: z.array(item), meta: listingMeta.partial({ total_capped: true, next_cursor: true }) });
