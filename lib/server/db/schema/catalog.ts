import { sql } from 'drizzle-orm';
import { check, doublePrecision, index, integer, jsonb, pgTable, serial, smallint, text } from 'drizzle-orm/pg-core';
import { timestamps, type LocalizedText } from './common';

/** The place tree; parent_id 0 is the top level (not a foreign key). Vladivostok is id 7. */
export const places = pgTable(
  'places',
  {
    id: serial('id').primaryKey(),
    parentId: integer('parent_id').notNull().default(0),
    title: jsonb('title').$type<LocalizedText>().notNull(),
    /** Lower-cased titles in every language, for search by name. */
    searchText: text('search_text').notNull(),
    lat: doublePrecision('lat'),
    lon: doublePrecision('lon'),
    popularity: integer('popularity').notNull().default(0),
    /** Set for places saved from the map search (Nominatim), e.g. "N123456". */
    osmId: text('osm_id').unique(),
    ...timestamps,
  },
  (t) => [index('places_parent_idx').on(t.parentId)],
);

export const categories = pgTable(
  'categories',
  {
    id: integer('id').primaryKey(),
    title: jsonb('title').$type<LocalizedText>().notNull(),
    color: smallint('color').notNull(),
  },
  (t) => [check('categories_color_range', sql`${t.color} between 1 and 8`)],
);

export const ideaTypes = pgTable('idea_types', {
  id: integer('id').primaryKey(),
  title: jsonb('title').$type<LocalizedText>().notNull(),
});

export const currencies = pgTable('currencies', {
  code: text('code').primaryKey(),
  symbol: text('symbol').notNull(),
  name: jsonb('name').$type<LocalizedText>().notNull(),
  decimals: smallint('decimals').notNull().default(2),
  /** Roubles per one unit of this currency. */
  rate: doublePrecision('rate').notNull(),
});
