import { timestamp } from 'drizzle-orm/pg-core';

/** Text stored per language; `ru` is always present, `en` and `zh` fall back to it when empty. */
export type LocalizedText = { ru: string; en?: string; zh?: string };

export const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};
