import 'server-only';
import type { IdeaInclude, IdeaResource } from '@/lib/contract/ideas';
import { catalog } from '../cache/catalog-cache';
import { toHid } from '../db/hids';
import { pick } from '../db/localized';
import type { TextLanguage } from '@/lib/i18n/text-languages';
import { displayName } from '@/lib/i18n/display-name';
import { imageKeys, mediaUrl } from '../platform/storage';
import { loadRelated, type IdeaRow, type ListRow, type Preloaded } from './related';

/** A related row in the API's resource shape (no relationships of its own). */
function childResource<T extends string, A>(type: T, id: number, attributes: A) {
  return { id, hid: toHid(id), type, attributes, relationships: {} };
}

/** The meeting point in one language, or null while it has neither a text nor coordinates. */
export function meetingPointOf(
  row: Pick<IdeaRow, 'meetingPoint'> & Partial<Pick<IdeaRow, 'meetingLat' | 'meetingLon'>>,
  language: TextLanguage,
): { text: string; lat: number | null; lon: number | null } | null {
  const text = pick(row.meetingPoint, language);
  const lat = row.meetingLat ?? null;
  const lon = row.meetingLon ?? null;
  return text || lat !== null || lon !== null ? { text, lat, lon } : null;
}

/** A column a listing reads only when asked (related.ts, CARD_EXTRAS): the resource that shows it was read with it. */
function read<T>(value: T | undefined): T {
  if (value === undefined) throw new Error('The listing did not read a column its resources show.');
  return value;
}

export interface ResourceOptions {
  withDescription?: boolean;
  /** The author's own list shows why a refused idea was refused. */
  withRefusal?: boolean;
  distances?: Map<number, number>;
}

/** Turns idea rows into API resources with every included relationship. */
export async function toResources(
  rows: (ListRow & Partial<Pick<IdeaRow, 'description' | 'meetingPoint' | 'meetingLat' | 'meetingLon'>>)[],
  include: IdeaInclude[],
  language: TextLanguage,
  now: Date,
  options: ResourceOptions = {},
  preloaded?: Preloaded,
): Promise<IdeaResource[]> {
  if (rows.length === 0) return [];
  const wants = new Set(include);
  const { places: placeMap, categories: categoryMap, currencies: currencyMap } = await catalog();
  const related = await loadRelated(rows, wants, now, preloaded);

  return rows.map((row) => {
    const place = row.placeId ? placeMap.get(row.placeId) : undefined;
    const coverKey = row.coverPhotoId ? related.coverKeys.get(row.coverPhotoId) : undefined;
    const dates = related.dates.get(row.id) ?? [];
    const currency = currencyMap.get(row.currency);
    const price = { amount: row.price, currency: row.currency, symbol: currency?.symbol ?? row.currency };
    const relationships: IdeaResource['relationships'] = {};
    if (wants.has('price')) relationships.price = { data: price };
    if (wants.has('ideaPrice'))
      relationships.ideaPrice = {
        data: { ...price, child_amount: read(row.childPrice), includes: pick(read(row.includes), language) },
      };
    if (wants.has('bookingParams'))
      relationships.bookingParams = {
        data: {
          min_persons: read(row.minPersons),
          max_persons: read(row.maxPersons),
          children_allowed: read(row.childrenAllowed),
        },
      };
    if (wants.has('futureDates')) {
      relationships.futureDates = {
        data: dates.map((d) =>
          childResource('ideaDates', d.id, {
            starts_at: d.startsAt.toISOString(),
            seats_total: d.seatsTotal,
            seats_left: d.seatsLeft,
          }),
        ),
      };
    }
    if (wants.has('photos')) {
      relationships.photos = {
        data: (related.photos.get(row.id) ?? []).map((p) => {
          const keys = imageKeys(p.storageKey);
          return childResource('photos', p.id, {
            cover_url: mediaUrl(keys.cover),
            large_url: mediaUrl(keys.large),
            width: p.width,
            height: p.height,
            position: p.position,
          });
        }),
      };
    }
    if (wants.has('ideaItineraries')) {
      relationships.ideaItineraries = {
        data: (related.steps.get(row.id) ?? []).map((step) =>
          childResource('ideaItineraries', step.id, {
            position: step.position,
            title: pick(step.title, language),
            description: pick(step.description, language),
            duration_minutes: step.durationMinutes,
          }),
        ),
      };
    }
    if (wants.has('author')) {
      const author = related.authors.get(row.authorId);
      if (author) {
        relationships.author = {
          data: {
            id: author.id,
            hid: author.hid,
            type: 'users',
            attributes: {
              name: displayName(author, language),
              image_url: author.avatarKey ? mediaUrl(author.avatarKey) : null,
              profile_hid: author.profileHid ?? '',
            },
            relationships: {},
          },
        };
      }
    }
    if (wants.has('place') && place)
      relationships.place = { data: { id: place.id, title: pick(place.title, language), parent_id: place.parentId } };
    if (wants.has('category') && row.categoryId) {
      const category = categoryMap.get(row.categoryId);
      if (category)
        relationships.category = {
          data: { id: category.id, title: pick(category.title, language), color: category.color },
        };
    }
    const distance = options.distances?.get(row.id);
    return {
      id: row.id,
      hid: row.hid,
      type: 'ideas',
      attributes: {
        title: pick(row.title, language),
        ...(options.withDescription && row.description ? { description: pick(row.description, language) } : {}),
        status: row.status,
        ...(options.withDescription || options.withRefusal ? { refusal_reason: read(row.refusalReason) } : {}),
        category_id: row.categoryId,
        place_id: row.placeId,
        place_title: place ? pick(place.title, language) : '',
        idea_type_id: row.ideaTypeId,
        languages: row.languages,
        duration_minutes: row.durationMinutes,
        lat: row.lat,
        lon: row.lon,
        cover_url: coverKey ? mediaUrl(imageKeys(coverKey).cover) : null,
        next_date: dates[0]?.startsAt.toISOString() ?? null,
        ...(distance !== undefined ? { distance_km: Math.round(distance * 10) / 10 } : {}),
        published_at: row.publishedAt?.toISOString() ?? null,
        rating: row.rating,
        reviews_count: row.reviewsCount,
        cancellation_policy: row.cancellationPolicy,
        booking_mode: row.bookingMode,
        response_hours: row.responseHours,
        format: row.format,
        ...(options.withDescription && row.meetingPoint
          ? { meeting_point: meetingPointOf({ ...row, meetingPoint: row.meetingPoint }, language) }
          : {}),
      },
      relationships,
    };
  });
}
