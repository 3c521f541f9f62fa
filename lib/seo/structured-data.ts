import type { IdeaResource } from '@/lib/contract/ideas';
import type { ReviewResource } from '@/lib/contract/reviews';
import type { AppLocale } from '@/lib/i18n/locales';
import { listingHref } from '@/lib/listing/filters';
import { alternatesFor, searchSummary } from '@/lib/seo/alternates';

/** Search engines read a handful of departures; a long schedule would only bloat every idea page. */
export const MAX_EVENTS = 10;

const SCHEMA = 'https://schema.org';
const IN_STOCK = `${SCHEMA}/InStock`;
const SOLD_OUT = `${SCHEMA}/SoldOut`;

type Thing = Record<string, unknown>;

interface IdeaGraphOptions {
  idea: IdeaResource;
  locale: AppLocale;
  siteUrl: string;
  /** The listing's name in the breadcrumb trail, as the page shows it. */
  listingTitle: string;
  /** The latest visible reviews, as the page shows them (newest first). */
  reviews?: ReviewResource[];
}

/** Reviews search engines read per idea page: the latest few. */
export const MAX_REVIEWS = 5;

/**
 * schema.org description of an idea page: the trip with its offer, one event per dated departure and the
 * breadcrumb trail, all under the page's canonical URL (by hid, like its metadata). The place and the author
 * are graph nodes of their own that the trip and every departure refer to by `@id`, not copies per event.
 */
export function ideaStructuredData({ idea, locale, siteUrl, listingTitle, reviews = [] }: IdeaGraphOptions): Thing {
  const { attributes: a, relationships: r } = idea;
  const absolute = (path: string) => alternatesFor(path, locale, siteUrl).canonical;
  const url = absolute(`/go/${idea.hid}`);
  const price = r.ideaPrice?.data ?? r.price?.data;
  const category = r.category?.data;
  const author = r.author?.data.attributes;
  const dates = [...(r.futureDates?.data ?? [])].sort((x, y) =>
    x.attributes.starts_at.localeCompare(y.attributes.starts_at),
  );
  const images = [...(r.photos?.data ?? []).map((p) => p.attributes.large_url), ...(a.cover_url ? [a.cover_url] : [])];
  const image = [...new Set(images.map((src) => new URL(src, siteUrl).toString()))];

  const authorHid = r.author?.data.hid;
  const person: Thing | undefined = author
    ? {
        '@type': 'Person',
        '@id': `${url}#author`,
        name: author.name,
        ...(authorHid ? { url: absolute(guidePath(authorHid)) } : {}),
      }
    : undefined;

  const offer = (seatsLeft: boolean) =>
    price?.amount != null
      ? {
          '@type': 'Offer',
          price: price.amount,
          priceCurrency: price.currency,
          availability: seatsLeft ? IN_STOCK : SOLD_OUT,
          url,
        }
      : undefined;

  const trip: Thing = {
    '@type': 'TouristTrip',
    '@id': `${url}#trip`,
    name: a.title,
    url,
    ...(a.description ? { description: a.description } : {}),
    ...(image.length ? { image } : {}),
    ...(category ? { touristType: category.title } : {}),
    ...(person ? { provider: { '@id': person['@id'] } } : {}),
    ...withOffer(offer(dates.some((d) => d.attributes.seats_left > 0))),
    ...(a.rating != null && a.reviews_count > 0
      ? {
          aggregateRating: {
            '@type': 'AggregateRating',
            ratingValue: a.rating,
            reviewCount: a.reviews_count,
            bestRating: 5,
            worstRating: 1,
          },
        }
      : {}),
    ...(reviews.length
      ? {
          review: reviews.slice(0, MAX_REVIEWS).map((r) => ({
            '@type': 'Review',
            author: { '@type': 'Person', name: r.attributes.reviewer_name },
            datePublished: r.attributes.created_at.slice(0, 10),
            reviewBody: r.attributes.text,
            reviewRating: { '@type': 'Rating', ratingValue: r.attributes.rating, bestRating: 5, worstRating: 1 },
          })),
        }
      : {}),
  };

  const location: Thing = {
    '@type': 'Place',
    '@id': `${url}#place`,
    name: a.place_title,
    address: { '@type': 'PostalAddress', addressLocality: a.place_title },
    ...(a.lat != null && a.lon != null
      ? { geo: { '@type': 'GeoCoordinates', latitude: a.lat, longitude: a.lon } }
      : {}),
  };

  const events: Thing[] = dates.slice(0, MAX_EVENTS).map((d) => ({
    '@type': 'Event',
    '@id': `${url}#date-${d.id}`,
    name: a.title,
    url,
    startDate: d.attributes.starts_at,
    ...(a.duration_minutes
      ? { endDate: new Date(Date.parse(d.attributes.starts_at) + a.duration_minutes * 60_000).toISOString() }
      : {}),
    eventStatus: `${SCHEMA}/EventScheduled`,
    eventAttendanceMode: `${SCHEMA}/OfflineEventAttendanceMode`,
    location: { '@id': location['@id'] },
    // The trip above carries the full text and gallery; each departure repeats only a summary and one picture.
    ...(image.length ? { image: image[0] } : {}),
    ...(a.description ? { description: searchSummary(a.description) } : {}),
    ...(person ? { organizer: { '@id': person['@id'] } } : {}),
    ...withOffer(offer(d.attributes.seats_left > 0)),
  }));

  const trail = [
    { name: listingTitle, item: absolute('/go') },
    ...(category ? [{ name: category.title, item: absolute(listingHref({ category_id: String(category.id) })) }] : []),
    { name: a.title, item: url },
  ];
  const breadcrumb: Thing = {
    '@type': 'BreadcrumbList',
    itemListElement: trail.map((step, i) => ({ '@type': 'ListItem', position: i + 1, ...step })),
  };

  const nodes = [trip, ...(events.length ? [location] : []), ...(person ? [person] : []), ...events, breadcrumb];
  return { '@context': SCHEMA, '@graph': nodes };
}

/** The path of an author's guide page, without locale prefix. */
export const guidePath = (userHid: string) => `/authors/${userHid}`;

/** Languages of ideas ('ru', 'en', 'zh') as schema.org wants them: BCP 47 tags. */
const LANGUAGE_TAGS: Record<string, string> = { ru: 'ru', en: 'en', zh: 'zh' };

interface GuideGraphOptions {
  guide: {
    hid: string;
    name: string;
    /** The name as the guide wrote it: the Person's alternateName where the page spells it otherwise. */
    originalName: string;
    imageUrl: string | null;
    about: string;
    languages: string[];
    /** Hids and titles of the published ideas the page lists. */
    ideas: { hid: string; title: string }[];
  };
  locale: AppLocale;
  siteUrl: string;
  /** The home page's name in the breadcrumb trail, as the page shows it. */
  homeTitle: string;
}

/**
 * schema.org description of a guide page: a `Person` (the page's subject, `ProfilePage.mainEntity`) with their
 * picture, about text, languages and the trips they offer, each by its idea page's URL, and the breadcrumb trail.
 */
export function guideStructuredData({ guide, locale, siteUrl, homeTitle }: GuideGraphOptions): Thing {
  const absolute = (path: string) => alternatesFor(path, locale, siteUrl).canonical;
  const url = absolute(guidePath(guide.hid));
  const languages = guide.languages.map((code) => LANGUAGE_TAGS[code] ?? code);
  const person: Thing = {
    '@type': 'Person',
    '@id': `${url}#person`,
    name: guide.name,
    ...(guide.originalName !== guide.name ? { alternateName: guide.originalName } : {}),
    url,
    ...(guide.imageUrl ? { image: new URL(guide.imageUrl, siteUrl).toString() } : {}),
    ...(guide.about ? { description: guide.about } : {}),
    ...(languages.length ? { knowsLanguage: languages } : {}),
    ...(guide.ideas.length
      ? {
          makesOffer: guide.ideas.map((idea) => ({
            '@type': 'Offer',
            itemOffered: { '@type': 'TouristTrip', name: idea.title, url: absolute(`/go/${idea.hid}`) },
          })),
        }
      : {}),
  };
  const page: Thing = {
    '@type': 'ProfilePage',
    '@id': url,
    url,
    name: guide.name,
    mainEntity: { '@id': person['@id'] },
  };
  const breadcrumb: Thing = {
    '@type': 'BreadcrumbList',
    itemListElement: [
      { '@type': 'ListItem', position: 1, name: homeTitle, item: absolute('/') },
      { '@type': 'ListItem', position: 2, name: guide.name, item: url },
    ],
  };
  return { '@context': SCHEMA, '@graph': [page, person, breadcrumb] };
}

/** An idea without a price has no offer at all: an Offer without a price is invalid for search engines. */
function withOffer(offer: Thing | undefined): Thing {
  return offer ? { offers: offer } : {};
}

const UNSAFE_IN_SCRIPT: Record<string, string> = {
  '<': '\\u003c',
  '>': '\\u003e',
  '&': '\\u0026',
  '\u2028': '\\u2028',
  '\u2029': '\\u2029',
};

/**
 * JSON for an inline `<script type="application/ld+json">`: characters that could close the script element
 * or start markup (`</script>`, `<!--`) and the line separators old parsers choke on become JSON escapes,
 * which decode to the same data.
 */
export function jsonLdScript(data: unknown): string {
  return JSON.stringify(data).replace(/[<>&\u2028\u2029]/g, (c) => UNSAFE_IN_SCRIPT[c]);
}
