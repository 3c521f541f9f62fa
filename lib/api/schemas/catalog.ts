import { z } from 'zod';

export const configSchema = z.object({
  service_mode: z.boolean(),
  auth: z.object({ phone_auth: z.boolean(), email_auth: z.boolean() }),
});
export type AppConfig = z.infer<typeof configSchema>;

export const categoryResource = z.object({
  id: z.number().int(),
  hid: z.string(),
  type: z.literal('categories'),
  attributes: z.object({ title: z.string(), color: z.number().int().min(1).max(8) }),
  relationships: z.object({}),
});
export type CategoryResource = z.infer<typeof categoryResource>;

export const currencyResource = z.object({
  id: z.string(),
  hid: z.string(),
  type: z.literal('currencies'),
  attributes: z.object({ code: z.string(), symbol: z.string(), name: z.string(), decimals: z.number().int(), rate: z.number() }),
  relationships: z.object({}),
});
export type CurrencyResource = z.infer<typeof currencyResource>;

export const placeResource = z.object({
  id: z.number().int(),
  hid: z.string(),
  type: z.literal('places'),
  attributes: z.object({
    title: z.string(),
    parent_id: z.number().int().describe('0 means top level'),
    lat: z.number().nullable(),
    lon: z.number().nullable(),
    has_children: z.boolean(),
  }),
  relationships: z.object({}),
});
export type PlaceResource = z.infer<typeof placeResource>;

export const categoriesQuery = z.object({ query: z.string().trim().max(100, 'At most 100 characters.').optional() });
