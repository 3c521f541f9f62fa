import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { NextRequest } from 'next/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GET as getIdea } from '@/app/api/v1/ideas/[id]/route';
import { GET as listIdeas } from '@/app/api/v1/ideas/route';
import { GET as searchOsm } from '@/app/api/v1/osm/search/route';
import { AUTHOR_PASSWORD, MODERATOR_EMAIL, MODERATOR_PASSWORD } from '@/lib/server/demo/seed';
import { SEED_AUTHORS } from '@/lib/server/demo/content/ideas';
import { FILTER_KEYS } from '@/lib/listing/filters';
import { call, setupApiDatabase, signInHeaders } from '../support/api';

let database: Awaited<ReturnType<typeof setupApiDatabase>>;
let sessions: { authorization: string }[];
beforeAll(async () => {
  process.env.DATA_DIR = mkdtempSync(path.join(tmpdir(), 'sopka-fuzz-'));
  database = await setupApiDatabase();
  sessions = [
    await signInHeaders(SEED_AUTHORS[0].email, AUTHOR_PASSWORD),
    await signInHeaders(MODERATOR_EMAIL, MODERATOR_PASSWORD),
  ];
});
afterAll(() => database.dispose());

const KEYS = [
  'page',
  'limit',
  'sort',
  'sortDirection',
  'include',
  'idea_type_id',
  'simple_resource',
  'section_name',
  'f',
  'locale',
  ...FILTER_KEYS,
];

const value = fc.oneof(
  fc.string({ maxLength: 30 }),
  fc.integer({ min: -1e12, max: 1e12 }).map(String),
  fc.double({ noNaN: false }).map(String),
  fc.date({ noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10)),
  fc.constantFrom(
    'default',
    'price',
    'date',
    'distance',
    'nearby',
    'morning',
    'ru,en,zh',
    'price,author',
    '%',
    "'; drop table ideas; --",
    '\\',
    '1e309',
    '0x10',
    '　',
  ),
);
const queryString = fc
  .array(fc.tuple(fc.oneof(fc.constantFrom(...KEYS), fc.string({ maxLength: 8 })), value), { maxLength: 8 })
  .map((pairs) => new URLSearchParams(pairs).toString());

describe('random input never makes the API fail', () => {
  it('GET /ideas answers below 500 for any query string', async () => {
    await fc.assert(
      fc.asyncProperty(queryString, async (query) => {
        const { status } = await call(listIdeas, `/api/v1/ideas?${query}`);
        expect(status).toBeLessThan(500);
      }),
      { numRuns: 250 },
    );
  });

  it('GET /ideas/{id} answers below 500 for any id', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ maxLength: 40 }), queryString, async (id, query) => {
        const { status } = await call(getIdea, `/api/v1/ideas/x?${query}`, { params: { id } });
        expect(status).toBeLessThan(500);
      }),
      { numRuns: 150 },
    );
  });

  it('GET /osm/search answers below 500 for any title', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ maxLength: 120 }), async (title) => {
        const { status } = await call(searchOsm, `/api/v1/osm/search?${new URLSearchParams({ title })}`);
        expect(status).toBeLessThan(500);
      }),
      { numRuns: 100 },
    );
  });
});

const API_ROOT = path.join(process.cwd(), 'app/api/v1');
const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
type Handler = (request: NextRequest, context: { params: Promise<Record<string, string>> }) => Promise<Response>;

/** Every exported method of every route file under app/api/v1, with the names of its path params. */
async function everyHandler() {
  const files = readdirSync(API_ROOT, { recursive: true, encoding: 'utf8' }).filter(
    (entry) => path.basename(entry) === 'route.ts',
  );
  const handlers: { name: string; method: string; url: string; params: string[]; handler: Handler }[] = [];
  for (const entry of files.sort()) {
    const exported = await import(path.join(API_ROOT, entry));
    const route = `/api/v1/${path.dirname(entry).split(path.sep).join('/')}`;
    const params = [...route.matchAll(/\[(\w+)\]/g)].map((match) => match[1]);
    for (const method of METHODS)
      if (typeof exported[method] === 'function')
        handlers.push({ name: `${method} ${route}`, method, url: route, params, handler: exported[method] });
  }
  return handlers;
}

const edgeId = fc.constantFrom(
  '1',
  '2',
  '7',
  '0',
  '-1',
  '2147483647',
  '2147483648',
  '9007199254740993',
  '1e3',
  'kXbqTz',
  'abcdef',
  '..%2F..',
  '../../etc/passwd',
  '\u0000',
  'a\u0000',
  '日本語',
  'x'.repeat(300),
);
const weirdString = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
  fc.constantFrom(
    '\u0000',
    'a\u0000b',
    '2147483648',
    '../../etc/passwd',
    "'; drop table ideas; --",
    '%',
    '\\',
    '\ud800',
    'x'.repeat(5000),
    '2026-02-30',
    'N123',
  ),
);
const weirdNumber = fc.oneof(
  fc.constantFrom(0, -1, 1, 2147483647, 2147483648, 9007199254740993, 1e308, 1.5),
  fc.integer(),
  fc.double(),
);
const weirdJson: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    weirdString,
    weirdNumber,
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 3 }),
    fc.dictionary(
      fc.oneof(
        weirdString,
        fc.constantFrom(
          'id',
          'idea_id',
          'idea_date_id',
          'title',
          'email',
          'password',
          'name',
          'dates',
          'reason',
          'parent_id',
        ),
      ),
      tie('value'),
      { maxKeys: 4 },
    ),
  ),
})).value;
const FIELD_NAMES = [
  'email',
  'password',
  'name',
  'phone',
  'code',
  'id',
  'title',
  'reason',
  'idea_id',
  'idea_date_id',
  'adults',
  'children',
  'contact',
  'parent_id',
  'lat',
  'lon',
  'about',
  'old_password',
  'new_password',
  'category_id',
  'place_id',
  'dates',
  'photo_ids',
  'cover_photo_id',
  'price',
];
const shapedBody = fc.dictionary(fc.constantFrom(...FIELD_NAMES), weirdJson, { maxKeys: 6 });
const body = fc.oneof(
  shapedBody.map((value) => ({ type: 'application/json', text: JSON.stringify(value) })),
  weirdJson.map((value) => ({ type: 'application/json', text: JSON.stringify(value) ?? 'null' })),
  fc
    .constantFrom(
      '{',
      '[1,]',
      "{'a':1}",
      '',
      '{"a":"\\u0000"}',
      '['.repeat(20_000) + ']'.repeat(20_000),
      JSON.stringify({ pad: 'x'.repeat(70_000) }),
    )
    .map((text) => ({ type: 'application/json', text })),
  fc
    .constantFrom(
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=b',
      'multipart/form-data',
    )
    .chain((type) =>
      fc
        .constantFrom(
          'a=1',
          '--b\r\nContent-Disposition: form-data; name="file"; filename="a.jpg"\r\n\r\nGIF89a\r\n--b--\r\n',
          '--b\r\n',
        )
        .map((text) => ({ type, text })),
    ),
  fc.constant(null),
);

describe('random input never makes any route handler fail', () => {
  it('every exported method of every route answers below 500 to malformed paths, queries, bodies and tokens', async () => {
    const handlers = await everyHandler();
    expect(handlers.length).toBeGreaterThanOrEqual(40);
    for (const { name, method, url, params, handler } of handlers) {
      await fc.assert(
        fc.asyncProperty(
          fc.array(edgeId, { minLength: params.length, maxLength: params.length }),
          queryString,
          body,
          fc.nat(3),
          async (ids, query, payload, who) => {
            const headers: Record<string, string> = {};
            if (who < 2) headers.authorization = sessions[who].authorization;
            if (who === 2) headers.authorization = 'Bearer x.y.z';
            if (payload && method !== 'GET') headers['content-type'] = payload.type;
            const request = new NextRequest(new URL(`${url}?${query}`, 'http://localhost'), {
              method,
              headers,
              ...(payload && method !== 'GET' ? { body: payload.text } : {}),
            });
            const response = await handler(request, {
              params: Promise.resolve(Object.fromEntries(params.map((param, index) => [param, ids[index]]))),
            });
            expect(
              response.status,
              `${name} ${JSON.stringify({ ids, query, payload: payload?.text.slice(0, 200) })}`,
            ).toBeLessThan(500);
          },
        ),
        { numRuns: 60 },
      );
    }
  }, 120_000);
});
