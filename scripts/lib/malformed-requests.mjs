// Malformed requests for an API described by OpenAPI: values, query strings, paths and bodies near what each
// operation's schema asks for, or something else entirely (wrong types, huge and unicode strings, NUL, ids at and
// beyond 2^31, deep nesting, invalid JSON, wrong content types, traversal strings, oversized bodies). Seeded, so
// that a run of `npm run fuzz:api` can be repeated.

const INT_EDGES = [
  0, -1, 1, 7, 2147483647, 2147483648, -2147483649, 4294967296, 9007199254740991, 9007199254740993, 1e21, 1.5, -0,
  1e308,
];
const STRINGS = [
  '',
  ' ',
  'a',
  '\u0000',
  'a\u0000b',
  '2147483648',
  '9223372036854775808',
  '-1',
  '1e309',
  'NaN',
  'Infinity',
  '0x7fffffff',
  '../../../../etc/passwd',
  '..%2F..%2Fetc%2Fpasswd',
  '..\\..\\windows\\win.ini',
  '/etc/passwd',
  "'; drop table ideas; --",
  '" OR 1=1 --',
  '%',
  '_',
  '\\',
  '<script>alert(1)</script>',
  '{{7*7}}',
  '${jndi:ldap://x}',
  '日本語のテキスト',
  'Владивосток',
  '🏔️🌊'.repeat(20),
  '\u202e\u200b\ufeff',
  '\ud800',
  'ℌ𝔢𝔩𝔩𝔬',
  'a'.repeat(5000),
  'x'.repeat(70_000),
  'N123',
  'W99999999999',
  'ru',
  'zh-CN',
  'true',
  'null',
  '2026-02-30',
  '2026-05-12',
  '2026-05-12T10:00:00+10:00',
  'user@example.com',
  '+79140000000',
];
const ID_TEXTS = [
  '1',
  '2',
  '7',
  '0',
  '-1',
  '2147483647',
  '2147483648',
  '4294967296',
  '9007199254740993',
  '99999999999999999999',
  'abcdef',
  'kXbqTz',
  '1.5',
  '1e3',
  ' 1',
  '%00',
  '..',
  '..%2F..',
  '%2e%2e%2f',
  '日本',
  'a'.repeat(300),
];

/** The generators of one run, drawing from a generator seeded with `seed`. */
export function malformedRequests(seed) {
  let state = seed >>> 0 || 1;
  /** mulberry32: a small seeded generator, so a run can be repeated with --seed. */
  function random() {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
  const pick = (list) => list[Math.floor(random() * list.length)];
  const chance = (p) => random() < p;

  function weirdValue(depth = 0) {
    switch (Math.floor(random() * 9)) {
      case 0:
        return pick(INT_EDGES);
      case 1:
      case 2:
        return pick(STRINGS);
      case 3:
        return chance(0.5);
      case 4:
        return null;
      case 5:
        return depth > 2 ? [] : Array.from({ length: Math.floor(random() * 4) }, () => weirdValue(depth + 1));
      case 6:
        return depth > 2
          ? {}
          : { [pick(['a', 'ru', 'id', '__proto__', 'constructor', '\u0000'])]: weirdValue(depth + 1) };
      case 7:
        return random() * 1e6 - 5e5;
      default:
        return pick(STRINGS).slice(0, 40);
    }
  }

  /** A value near what the schema asks for, or something else entirely. */
  function valueFor(schema = {}, name = '') {
    if (chance(0.35)) return weirdValue();
    if (/_id$|^id$/.test(name)) return pick(INT_EDGES.filter(Number.isInteger));
    const type = Array.isArray(schema.type) ? pick(schema.type) : schema.type;
    if (schema.enum) return pick(schema.enum);
    if (schema.anyOf || schema.oneOf) return valueFor(pick(schema.anyOf ?? schema.oneOf), name);
    switch (type) {
      case 'integer':
      case 'number':
        return pick(INT_EDGES);
      case 'boolean':
        return chance(0.5);
      case 'array':
        return Array.from({ length: Math.floor(random() * 3) }, () => valueFor(schema.items ?? {}, name));
      case 'object':
        return objectFor(schema);
      default:
        return pick(STRINGS);
    }
  }

  function objectFor(schema = {}) {
    const out = {};
    for (const [name, property] of Object.entries(schema.properties ?? {}))
      if (chance(0.7)) out[name] = valueFor(property, name);
    if (chance(0.2)) out[pick(STRINGS).slice(0, 20)] = weirdValue();
    return out;
  }

  /** A body and its content type: usually JSON (shaped by the schema, or not), sometimes something else. */
  function bodyFor(operation) {
    const schema = operation.requestBody?.content?.['application/json']?.schema;
    const multipart = operation.requestBody?.content?.['multipart/form-data'];
    const roll = random();
    if (multipart && roll < 0.4) {
      const boundary = 'b0undary';
      const content = pick([
        '\u0000\u0000',
        'GIF89a',
        '\xff\xd8\xff\xe0garbage',
        'RIFF0000WEBP',
        '%PDF-1.4',
        'x'.repeat(2000),
      ]);
      const field = pick(['file', 'image', '', '\u0000', '../x']);
      const filename = pick(['a.jpg', '../../etc/passwd', '\u0000.png', 'ø.webp', 'a'.repeat(500)]);
      const text = `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: image/jpeg\r\n\r\n${content}\r\n--${boundary}--\r\n`;
      return {
        contentType: chance(0.8)
          ? `multipart/form-data; boundary=${boundary}`
          : pick(['multipart/form-data', 'multipart/form-data; boundary=', 'multipart/form-data; boundary=other']),
        body: chance(0.9) ? text : text.slice(0, 60),
      };
    }
    if (roll < 0.5)
      return { contentType: 'application/json', body: JSON.stringify(schema ? objectFor(schema) : weirdValue()) };
    if (roll < 0.6) return { contentType: 'application/json', body: JSON.stringify(weirdValue()) };
    if (roll < 0.68)
      return {
        contentType: 'application/json',
        body: pick([
          '{',
          '{"a":',
          'nul',
          '[1,]',
          "{'a':1}",
          '\u0000',
          '{"a":"\\u0000"}',
          '{"a":"\\ud800"}',
          '',
          '{"__proto__":{"x":1}}',
          '1e999',
        ]),
      };
    if (roll < 0.73) {
      const depth = pick([100, 5000, 30_000]);
      return {
        contentType: 'application/json',
        body: chance(0.5) ? '['.repeat(depth) + ']'.repeat(depth) : '{"a":'.repeat(depth) + '1' + '}'.repeat(depth),
      };
    }
    if (roll < 0.77)
      return {
        contentType: 'application/json',
        body: JSON.stringify({
          ...(schema ? objectFor(schema) : {}),
          pad: 'x'.repeat(pick([60_000, 70_000, 200_000])),
        }),
      };
    if (roll < 0.85)
      return {
        contentType: pick([
          'text/plain',
          'application/x-www-form-urlencoded',
          'application/xml',
          'application/json; charset=utf-16',
          'APPLICATION/JSON',
          '',
          'multipart/form-data; boundary=x',
        ]),
        body: pick(['a=1&b=2', '<x/>', '{"email":"a@b.c"}', '--x\r\n\r\n']),
      };
    if (roll < 0.9) return { contentType: 'application/json', body: null };
    return { contentType: 'application/json', body: JSON.stringify(schema ? objectFor(schema) : {}) };
  }

  function queryFor(operation) {
    // Often no query at all, so that malformed paths and bodies are not all stopped by a bad query first.
    if (chance(0.3)) return '';
    const params = new URLSearchParams();
    for (const parameter of operation.parameters ?? []) {
      if (parameter.in !== 'query' || !chance(0.5)) continue;
      const value = valueFor(parameter.schema, parameter.name);
      params.append(parameter.name, typeof value === 'string' ? value.slice(0, 3000) : JSON.stringify(value));
    }
    if (chance(0.2)) params.append(pick(STRINGS).slice(0, 30), String(weirdValue()).slice(0, 100));
    if (chance(0.1)) params.append('locale', pick(['xx', '\u0000', 'ru', 'zh-CN', '']));
    const text = params.toString();
    return text ? `?${text}` : '';
  }

  function pathFor(template, session) {
    return template.replace(/\{(\w+)\}/g, (_, name) => {
      if (chance(0.25)) return name === 'hid' ? session.hid : String(session.id);
      const raw = chance(0.5) ? pick(ID_TEXTS) : String(pick(STRINGS)).slice(0, 200);
      if (/%/.test(raw) && chance(0.5)) return raw;
      try {
        return encodeURIComponent(raw);
      } catch {
        return '%ED%A0%80'; // a lone surrogate, as bytes that are not UTF-8
      }
    });
  }

  return { pick, chance, bodyFor, queryFor, pathFor };
}
