import { describe, expect, it } from 'vitest';
import type { IdeaResource } from '@/lib/contract/ideas';
import { guideStructuredData, ideaStructuredData, jsonLdScript, MAX_EVENTS } from '@/lib/seo/structured-data';

const SITE = 'https://sopka.example';

const date = (id: number, startsAt: string, seatsLeft: number) => ({
  id,
  hid: `d${id}`,
  type: 'ideaDates' as const,
  attributes: { starts_at: startsAt, seats_total: 10, seats_left: seatsLeft },
  relationships: {},
});

function idea(
  overrides: {
    title?: string;
    description?: string;
    dates?: ReturnType<typeof date>[];
    amount?: number | null;
    category?: boolean;
  } = {},
): IdeaResource {
  return {
    id: 5,
    hid: 'kXbqTz',
    type: 'ideas',
    attributes: {
      title: overrides.title ?? 'Остров Русский',
      description: overrides.description ?? 'Прогулка по острову',
      status: 'published',
      category_id: 2,
      place_id: 7,
      place_title: 'Владивосток',
      idea_type_id: 4,
      languages: ['ru'],
      duration_minutes: 120,
      lat: 43.1,
      lon: 131.9,
      cover_url: '/media/cover.webp',
      next_date: null,
      published_at: null,
    },
    relationships: {
      ideaPrice: {
        data: {
          amount: overrides.amount === undefined ? 2500 : overrides.amount,
          currency: 'RUB',
          symbol: '₽',
          child_amount: null,
          includes: '',
        },
      },
      futureDates: {
        data: overrides.dates ?? [date(2, '2030-06-02T01:00:00.000Z', 0), date(1, '2030-06-01T01:00:00.000Z', 4)],
      },
      photos: {
        data: [
          {
            id: 1,
            hid: 'p1',
            type: 'photos',
            attributes: {
              cover_url: '/media/a.webp',
              large_url: '/media/a-large.webp',
              width: 1200,
              height: 900,
              position: 0,
            },
            relationships: {},
          },
        ],
      },
      author: {
        data: {
          id: 3,
          hid: 'u3',
          type: 'users',
          attributes: { name: 'Анна', image_url: null, profile_hid: 'pr3' },
          relationships: {},
        },
      },
      ...(overrides.category === false ? {} : { category: { data: { id: 2, title: 'На выходные', color: 2 } } }),
    },
  } as IdeaResource;
}

type Node = Record<string, any>;
const graph = (data: Node) => data['@graph'] as Node[];
const ofType = (data: Node, type: string) => graph(data).filter((n) => n['@type'] === type);
/** A reference (`{ '@id' }`) resolved to the graph node it names, as a JSON-LD reader does. */
const resolve = (data: Node, ref: Node) => {
  const node = graph(data).find((n) => n['@id'] === ref['@id']);
  expect(node, `a node for ${ref['@id']}`).toBeDefined();
  return node!;
};

describe('ideaStructuredData', () => {
  it('describes the trip with its canonical URL (by hid), absolute images and an offer', () => {
    const data = ideaStructuredData({ idea: idea(), locale: 'en', siteUrl: SITE, listingTitle: 'Ideas' });
    expect(data['@context']).toBe('https://schema.org');
    const [trip] = ofType(data, 'TouristTrip');
    expect(trip).toMatchObject({
      name: 'Остров Русский',
      description: 'Прогулка по острову',
      url: `${SITE}/en/go/kXbqTz`,
      touristType: 'На выходные',
      image: [`${SITE}/media/a-large.webp`, `${SITE}/media/cover.webp`],
      offers: {
        '@type': 'Offer',
        price: 2500,
        priceCurrency: 'RUB',
        availability: 'https://schema.org/InStock',
        url: `${SITE}/en/go/kXbqTz`,
      },
    });
  });

  it('marks the trip sold out when no departure has seats left', () => {
    const data = ideaStructuredData({
      idea: idea({ dates: [date(1, '2030-06-01T01:00:00.000Z', 0)] }),
      locale: 'ru',
      siteUrl: SITE,
      listingTitle: 'Идеи',
    });
    expect(ofType(data, 'TouristTrip')[0].offers.availability).toBe('https://schema.org/SoldOut');
  });

  it('leaves the offer out when the idea has no price', () => {
    const data = ideaStructuredData({
      idea: idea({ amount: null }),
      locale: 'ru',
      siteUrl: SITE,
      listingTitle: 'Идеи',
    });
    expect(ofType(data, 'TouristTrip')[0]).not.toHaveProperty('offers');
    expect(ofType(data, 'Event')[0]).not.toHaveProperty('offers');
  });

  it('adds one event per dated departure, earliest first, with its own availability', () => {
    const data = ideaStructuredData({ idea: idea(), locale: 'ru', siteUrl: SITE, listingTitle: 'Идеи' });
    const events = ofType(data, 'Event');
    expect(events.map((e) => e.startDate)).toEqual(['2030-06-01T01:00:00.000Z', '2030-06-02T01:00:00.000Z']);
    expect(events[0]).toMatchObject({
      endDate: '2030-06-01T03:00:00.000Z',
      eventStatus: 'https://schema.org/EventScheduled',
      eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
      offers: { price: 2500, priceCurrency: 'RUB', availability: 'https://schema.org/InStock' },
    });
    expect(events[1].offers.availability).toBe('https://schema.org/SoldOut');
    for (const event of events) {
      expect(resolve(data, event.location)).toMatchObject({
        '@type': 'Place',
        name: 'Владивосток',
        geo: { latitude: 43.1, longitude: 131.9 },
      });
      expect(resolve(data, event.organizer)).toMatchObject({ '@type': 'Person', name: 'Анна' });
    }
    expect(resolve(data, ofType(data, 'TouristTrip')[0].provider)).toMatchObject({ '@type': 'Person', name: 'Анна' });
  });

  it('gives each departure a search summary and one picture, leaving the full text and gallery to the trip', () => {
    const long = `${'Бухта и маяк, '.repeat(30)}конец.`;
    const data = ideaStructuredData({
      idea: idea({ description: long }),
      locale: 'ru',
      siteUrl: SITE,
      listingTitle: 'Идеи',
    });
    const event = ofType(data, 'Event')[0];
    expect(event.image).toBe(`${SITE}/media/a-large.webp`);
    expect(event.description.length).toBeLessThanOrEqual(160);
    expect(event.description.endsWith('…')).toBe(true);
    expect(long.startsWith(event.description.slice(0, -1))).toBe(true);
    expect(ofType(data, 'TouristTrip')[0].description).toBe(long);
  });

  it(`keeps at most ${MAX_EVENTS} events and none without dates`, () => {
    const many = Array.from({ length: 25 }, (_, i) =>
      date(i + 1, `2030-07-${String(i + 1).padStart(2, '0')}T01:00:00.000Z`, 3),
    );
    expect(
      ofType(
        ideaStructuredData({ idea: idea({ dates: many }), locale: 'ru', siteUrl: SITE, listingTitle: 'Идеи' }),
        'Event',
      ),
    ).toHaveLength(MAX_EVENTS);
    expect(
      ofType(
        ideaStructuredData({ idea: idea({ dates: [] }), locale: 'ru', siteUrl: SITE, listingTitle: 'Идеи' }),
        'Event',
      ),
    ).toHaveLength(0);
  });

  it('builds the breadcrumb trail listing → category → idea with positions and localized absolute URLs', () => {
    const data = ideaStructuredData({ idea: idea(), locale: 'zh-CN', siteUrl: SITE, listingTitle: '创意' });
    const [breadcrumb] = ofType(data, 'BreadcrumbList');
    expect(breadcrumb.itemListElement).toEqual([
      { '@type': 'ListItem', position: 1, name: '创意', item: `${SITE}/cn/go` },
      { '@type': 'ListItem', position: 2, name: 'На выходные', item: `${SITE}/cn/go?category_id=2` },
      { '@type': 'ListItem', position: 3, name: 'Остров Русский', item: `${SITE}/cn/go/kXbqTz` },
    ]);
  });

  it('skips the category step when the idea has no category', () => {
    const data = ideaStructuredData({
      idea: idea({ category: false }),
      locale: 'ru',
      siteUrl: SITE,
      listingTitle: 'Идеи',
    });
    expect(ofType(data, 'BreadcrumbList')[0].itemListElement.map((s: Node) => s.position)).toEqual([1, 2]);
    expect(ofType(data, 'BreadcrumbList')[0].itemListElement[1].item).toBe(`${SITE}/go/kXbqTz`);
  });
});

describe('guideStructuredData', () => {
  const guide = {
    hid: 'uAnna',
    name: 'Анна Ковалёва',
    originalName: 'Анна Ковалёва',
    imageUrl: '/media/avatars/a.webp',
    about: 'Историк и городской гид.',
    languages: ['en', 'ru', 'zh'],
    ideas: [
      { hid: 'kXbqTz', title: 'Остров Русский' },
      { hid: 'mWcNpV', title: 'Крепость' },
    ],
  };

  it('describes the guide as the Person the profile page is about, with picture, text, languages and trips', () => {
    const data = guideStructuredData({ guide, locale: 'en', siteUrl: SITE, homeTitle: 'Home' });
    const [page] = ofType(data, 'ProfilePage');
    expect(page.url).toBe(`${SITE}/en/authors/uAnna`);
    const person = resolve(data, page.mainEntity);
    expect(person).toMatchObject({
      '@type': 'Person',
      name: 'Анна Ковалёва',
      url: `${SITE}/en/authors/uAnna`,
      image: `${SITE}/media/avatars/a.webp`,
      description: 'Историк и городской гид.',
      knowsLanguage: ['en', 'ru', 'zh'],
    });
    expect(person.makesOffer.map((o: Node) => o.itemOffered)).toEqual([
      { '@type': 'TouristTrip', name: 'Остров Русский', url: `${SITE}/en/go/kXbqTz` },
      { '@type': 'TouristTrip', name: 'Крепость', url: `${SITE}/en/go/mWcNpV` },
    ]);
    expect(ofType(data, 'BreadcrumbList')[0].itemListElement).toEqual([
      { '@type': 'ListItem', position: 1, name: 'Home', item: `${SITE}/en` },
      { '@type': 'ListItem', position: 2, name: 'Анна Ковалёва', item: `${SITE}/en/authors/uAnna` },
    ]);
  });

  it('leaves out what the guide does not have', () => {
    const bare = { ...guide, imageUrl: null, about: '', languages: [], ideas: [] };
    const person = ofType(
      guideStructuredData({ guide: bare, locale: 'ru', siteUrl: SITE, homeTitle: 'Главная' }),
      'Person',
    )[0];
    expect(Object.keys(person).sort()).toEqual(['@id', '@type', 'name', 'url']);
    expect(person.url).toBe(`${SITE}/authors/uAnna`);
  });

  it("is linked from the idea page: the author's Person names the guide page", () => {
    const data = ideaStructuredData({ idea: idea(), locale: 'ru', siteUrl: SITE, listingTitle: 'Идеи' });
    expect(ofType(data, 'Person')[0]).toMatchObject({ name: 'Анна', url: `${SITE}/authors/u3` });
  });
});

describe('ideaStructuredData with reviews', () => {
  const review = (n: number, rating: number) => ({
    id: n,
    hid: `r${n}`,
    type: 'reviews' as const,
    attributes: {
      rating,
      text: `Отзыв ${n}`,
      language: 'ru' as const,
      created_at: `2030-05-0${n}T10:00:00.000Z`,
      departure_month: '2030-04',
      reviewer_name: `Гость ${n}`,
      reviewer_image_url: null,
      reply: null,
    },
    relationships: {},
  });

  it('gives the trip its aggregate rating and the latest reviews, at most five', () => {
    const rated = idea();
    rated.attributes.rating = 4.3;
    rated.attributes.reviews_count = 23;
    const reviews = [1, 2, 3, 4, 5, 6].map((n) => review(n, n % 5 || 5));
    const [trip] = ofType(
      ideaStructuredData({ idea: rated, locale: 'ru', siteUrl: SITE, listingTitle: 'Идеи', reviews }),
      'TouristTrip',
    );
    expect(trip.aggregateRating).toEqual({
      '@type': 'AggregateRating',
      ratingValue: 4.3,
      reviewCount: 23,
      bestRating: 5,
      worstRating: 1,
    });
    expect(trip.review).toHaveLength(5);
    expect(trip.review[0]).toEqual({
      '@type': 'Review',
      author: { '@type': 'Person', name: 'Гость 1' },
      datePublished: '2030-05-01',
      reviewBody: 'Отзыв 1',
      reviewRating: { '@type': 'Rating', ratingValue: 1, bestRating: 5, worstRating: 1 },
    });
  });

  it('says nothing of ratings for an idea without reviews', () => {
    const plain = idea();
    plain.attributes.rating = null;
    plain.attributes.reviews_count = 0;
    const [trip] = ofType(
      ideaStructuredData({ idea: plain, locale: 'ru', siteUrl: SITE, listingTitle: 'Идеи', reviews: [] }),
      'TouristTrip',
    );
    expect(trip).not.toHaveProperty('aggregateRating');
    expect(trip).not.toHaveProperty('review');
  });
});

describe('jsonLdScript', () => {
  it('cannot close the script element or open markup, and decodes to the same data', () => {
    const data = { name: '</script><script>alert(1)</script> & <!-- x -->' };
    const text = jsonLdScript(data);
    expect(text).not.toMatch(/[<>&]/);
    expect(text).toContain('\\u003c/script\\u003e');
    expect(text).toContain('\\u0026');
    expect(JSON.parse(text)).toEqual(data);
  });

  it('escapes the U+2028 and U+2029 line separators', () => {
    const data = { description: 'a\u2028b\u2029c' };
    const text = jsonLdScript(data);
    expect(text).not.toMatch(/[\u2028\u2029]/);
    expect(text).toContain('\\u2028');
    expect(text).toContain('\\u2029');
    expect(JSON.parse(text)).toEqual(data);
  });

  it('escapes a title inside a whole idea graph', () => {
    const text = jsonLdScript(
      ideaStructuredData({ idea: idea({ title: 'A </script> B' }), locale: 'ru', siteUrl: SITE, listingTitle: 'Идеи' }),
    );
    expect(text.toLowerCase()).not.toContain('</script');
    expect(graph(JSON.parse(text))[0].name).toBe('A </script> B');
  });
});
