import type { IdeaResource } from '@/lib/contract/ideas';
import type { IdeaList } from '@/lib/api/ideas';

/** A published idea as GET /ideas returns it with `include=price,author`. */
export function makeIdea(
  id: number,
  overrides: {
    attributes?: Partial<IdeaResource['attributes']>;
    relationships?: Partial<IdeaResource['relationships']>;
  } = {},
): IdeaResource {
  return {
    id,
    hid: `Hid${id}`,
    type: 'ideas',
    attributes: {
      title: `Идея ${id}`,
      status: 'published',
      category_id: 2,
      place_id: 7,
      place_title: 'Владивосток',
      idea_type_id: 1,
      languages: ['ru'],
      duration_minutes: 180,
      lat: 43.11,
      lon: 131.88,
      cover_url: `/api/v1/files/covers/${id}.webp`,
      next_date: '2026-05-22T00:00:00Z',
      published_at: '2026-04-01T00:00:00Z',
      rating: null,
      reviews_count: 0,
      cancellation_policy: 'free_24h',
      booking_mode: 'instant',
      response_hours: 24,
      format: 'group',
      ...overrides.attributes,
    },
    relationships: {
      price: { data: { amount: 2500, currency: 'RUB', symbol: '₽' } },
      author: {
        data: {
          id: 100 + id,
          hid: `User${id}`,
          type: 'users',
          attributes: { name: 'Анна Морская', image_url: null, profile_hid: `Prof${id}` },
          relationships: {},
        },
      },
      ...overrides.relationships,
    },
  };
}

/** Ideas numbered from `first`, `count` of them. */
export const makeIdeas = (first: number, count: number) => Array.from({ length: count }, (_, i) => makeIdea(first + i));

/** One page of a listing of `total` ideas, 40 to a page. */
export function ideaPage(page: number, total: number, perPage = 40): IdeaList {
  const lastPage = Math.max(1, Math.ceil(total / perPage));
  const count = Math.max(0, Math.min(perPage, total - (page - 1) * perPage));
  return {
    data: makeIdeas((page - 1) * perPage + 1, count),
    meta: { current_page: page, per_page: perPage, total, last_page: lastPage },
  };
}

/** The categories the category tags are named from. */
export const categoriesFixture = {
  data: [
    { id: 2, hid: 'Cat2', type: 'categories' as const, attributes: { title: 'Выходные', color: 2 }, relationships: {} },
    { id: 7, hid: 'Cat7', type: 'categories' as const, attributes: { title: 'В дорогу', color: 7 }, relationships: {} },
  ],
};
