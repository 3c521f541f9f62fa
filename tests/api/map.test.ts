import { NextRequest } from 'next/server';
import { describe, expect, it } from 'vitest';
import { GET as tile } from '@/app/api/v1/test/tile/route';
import { GET as listMarkers } from '@/app/api/v1/ideas/markers/route';
import { GET as listIdeas } from '@/app/api/v1/ideas/route';
import { ideaMarkersResponse } from '@/lib/contract/markers';
import { call, apiDatabaseForFile } from '../support/api';

apiDatabaseForFile();

interface Listed {
  hid: string;
  attributes: { lat: number | null; lon: number | null };
}

const listing = async (query: string) => {
  const answer = await call(listIdeas, `/api/v1/ideas?limit=100&${query}`);
  expect(answer.status).toBe(200);
  return answer.body.data as Listed[];
};
const markers = (query: string) => call(listMarkers, `/api/v1/ideas/markers?${query}`);
const hids = (list: { hid: string }[]) => list.map((item) => item.hid).sort();

// Central Vladivostok: the seed has ideas inside it and around it.
const CENTRE = { minLon: 131.86, minLat: 43.09, maxLon: 131.92, maxLat: 43.13 };
const inside = ({ attributes: { lat, lon } }: Listed) =>
  lat !== null &&
  lon !== null &&
  lat >= CENTRE.minLat &&
  lat <= CENTRE.maxLat &&
  lon >= CENTRE.minLon &&
  lon <= CENTRE.maxLon;
const centre = `bbox=${CENTRE.minLon},${CENTRE.minLat},${CENTRE.maxLon},${CENTRE.maxLat}`;

describe('the bbox filter', () => {
  it('keeps the ideas inside the area and leaves out those outside it', async () => {
    const all = await listing('');
    const expected = all.filter(inside);
    expect(expected.length).toBeGreaterThan(0);
    expect(expected.length).toBeLessThan(all.length);
    const narrowed = await listing(centre);
    expect(hids(narrowed)).toEqual(hids(expected));
    expect(narrowed.every(inside)).toBe(true);
  });

  it('combines with the other filters', async () => {
    const category = await listing('category_id=1');
    const both = await listing(`category_id=1&${centre}`);
    expect(hids(both)).toEqual(hids(category.filter(inside)));
  });

  it.each([
    ['not numbers', 'a,b,c,d'],
    ['three numbers', '131,43,132'],
    ['five numbers', '131,43,132,44,1'],
    ['an empty part', '131,,132,44'],
    ['not finite', 'Infinity,43,132,44'],
    ['a longitude out of range', '-181,43,132,44'],
    ['a latitude out of range', '131,43,132,91'],
    ['min above max', '132,43,131,44'],
    ['an empty area', '131,43,131,44'],
  ])('refuses %s with 422 on the field', async (_name, bbox) => {
    for (const route of [listIdeas, listMarkers]) {
      const answer = await call(route, `/api/v1/ideas?bbox=${encodeURIComponent(bbox)}`);
      expect(answer.status).toBe(422);
      expect(answer.body.errors).toHaveProperty('bbox');
    }
  });
});

describe('GET /ideas/markers', () => {
  it('gives every result of the listing that has coordinates, as pins in the contract shape', async () => {
    const all = await listing('');
    const answer = await markers('');
    expect(answer.status).toBe(200);
    const body = ideaMarkersResponse.parse(answer.body);
    const located = all.filter((idea) => idea.attributes.lat !== null);
    expect(hids(body.data)).toEqual(hids(located));
    expect(body.meta.total).toBe(located.length);
    const pin = body.data[0];
    expect(pin.title.length).toBeGreaterThan(0);
    expect(pin.cover_url).toMatch(/^\/media\//);
  });

  it('respects the other filters and the area', async () => {
    const texts = ['маяк', 'владивасток'].map((text) => `query=${encodeURIComponent(text)}`);
    for (const query of ['category_id=2', 'price_max=3000', centre, `category_id=1&${centre}`, ...texts]) {
      const expected = (await listing(query)).filter((idea) => idea.attributes.lat !== null);
      const answer = await markers(query);
      expect(answer.status).toBe(200);
      expect(hids(answer.body.data), query).toEqual(hids(expected));
    }
  });

  it('answers in the language asked for', async () => {
    const [ru, en] = await Promise.all([markers('locale=ru'), markers('locale=en')]);
    expect(ru.body.data[0].hid).toBe(en.body.data[0].hid);
    expect(ru.body.data[0].title).not.toBe(en.body.data[0].title);
  });
});

describe('the test tile route', () => {
  it('answers a PNG for any tile outside production', async () => {
    const request = new NextRequest('http://localhost:3000/api/v1/test/tile?z=12&x=3545&y=1506');
    const answer = await tile(request, { params: Promise.resolve({}) });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('image/png');
    // The PNG signature.
    expect([...new Uint8Array(await answer.arrayBuffer()).slice(1, 4)]).toEqual([0x50, 0x4e, 0x47]);
  });
});
