import 'server-only';
import { asc } from 'drizzle-orm';
import type { CategoryResource, CurrencyResource, IdeaTypeResource } from '@/lib/contract/catalog';
import { getDb } from '../db';
import { currencies, ideaTypes } from '../db/schema';
import { catalog } from '../cache/catalog-cache';
import { pick } from '../db/localized';
import type { TextLanguage } from '@/lib/i18n/text-languages';

/**
 * GET /categories, optionally narrowed by a title fragment in any language. From the process's copy of the catalog:
 * every listing and idea page shows the categories, and reading them from the database was a query per render.
 */
export async function listCategories(language: TextLanguage, query?: string): Promise<{ data: CategoryResource[] }> {
  const rows = [...(await catalog()).categories.values()].sort((a, b) => a.id - b.id);
  const needle = query?.toLowerCase();
  const matching = needle
    ? rows.filter((row) => Object.values(row.title).some((t) => t?.toLowerCase().includes(needle)))
    : rows;
  return {
    data: matching.map((row) => ({
      id: row.id,
      hid: String(row.id),
      type: 'categories' as const,
      attributes: { title: pick(row.title, language), color: row.color },
      relationships: {},
    })),
  };
}

/** GET /currencies, names in the request's language. */
export async function listCurrencies(language: TextLanguage): Promise<{ data: CurrencyResource[] }> {
  const db = await getDb();
  const rows = await db.select().from(currencies).orderBy(asc(currencies.code));
  return {
    data: rows.map((row) => ({
      id: row.code,
      hid: row.code,
      type: 'currencies' as const,
      attributes: {
        code: row.code,
        symbol: row.symbol,
        name: pick(row.name, language),
        decimals: row.decimals,
        rate: row.rate,
      },
      relationships: {},
    })),
  };
}

/** GET /idea-types: the kinds of idea (tour, activity …), titles in the request's language. */
export async function listIdeaTypes(language: TextLanguage): Promise<{ data: IdeaTypeResource[] }> {
  const db = await getDb();
  const rows = await db.select().from(ideaTypes).orderBy(asc(ideaTypes.id));
  return {
    data: rows.map((row) => ({
      id: row.id,
      hid: String(row.id),
      type: 'ideaTypes' as const,
      attributes: { title: pick(row.title, language) },
      relationships: {},
    })),
  };
}
