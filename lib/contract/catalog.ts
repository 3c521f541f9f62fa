import { z } from 'zod';
import { resource } from './common';

export const configSchema = z.object({
  service_mode: z.boolean(),
  auth: z.object({ phone_auth: z.boolean(), email_auth: z.boolean() }),
});
export type AppConfig = z.infer<typeof configSchema>;

export const categoryResource = resource(
  'categories',
  z.object({ title: z.string(), color: z.number().int().min(1).max(8) }),
);
export type CategoryResource = z.infer<typeof categoryResource>;

export const currencyResource = resource(
  'currencies',
  z.object({ code: z.string(), symbol: z.string(), name: z.string(), decimals: z.number().int(), rate: z.number() }),
  z.string(),
);
export type CurrencyResource = z.infer<typeof currencyResource>;

export const placeResource = resource(
  'places',
  z.object({
    title: z.string(),
    parent_id: z.number().int().describe('0 means top level'),
    lat: z.number().nullable(),
    lon: z.number().nullable(),
    has_children: z.boolean(),
  }),
);
export type PlaceResource = z.infer<typeof placeResource>;

export const categoriesQuery = z.object({ query: z.string().trim().max(100, 'At most 100 characters.').optional() });

export const ideaTypeResource = resource('ideaTypes', z.object({ title: z.string() }));
export type IdeaTypeResource = z.infer<typeof ideaTypeResource>;
