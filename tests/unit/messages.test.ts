import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const FILES = ['ru', 'en', 'cn'] as const;

function leaves(value: unknown, prefix = ''): Map<string, unknown> {
  const out = new Map<string, unknown>();
  if (value && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) {
      for (const [k, v] of leaves(child, prefix ? `${prefix}.${key}` : key)) out.set(k, v);
    }
  } else {
    out.set(prefix, value);
  }
  return out;
}

const messages = Object.fromEntries(
  FILES.map((file) => [file, leaves(JSON.parse(readFileSync(`messages/${file}.json`, 'utf8')))]),
) as Record<(typeof FILES)[number], Map<string, unknown>>;

// An ICU argument is `{name}` or `{name, plural|select|…`; words inside plural branches are not arguments.
const ARGUMENT = /\{\s*(\w+)\s*(?:\}|,\s*(?:plural|selectordinal|select|number|date|time)\b)/g;
const placeholders = (text: string) => [...new Set([...text.matchAll(ARGUMENT)].map((m) => m[1]))].sort();

describe('message files', () => {
  const allKeys = new Set(FILES.flatMap((file) => [...messages[file].keys()]));

  it.each(FILES)('%s.json has every message key', (file) => {
    const missing = [...allKeys].filter((key) => !messages[file].has(key));
    expect(missing).toEqual([]);
  });

  it.each(FILES)('%s.json has no empty or non-text messages', (file) => {
    const bad = [...messages[file]]
      .filter(([, value]) => typeof value !== 'string' || value.trim() === '')
      .map(([key]) => key);
    expect(bad).toEqual([]);
  });

  it('uses the same placeholders in every language', () => {
    const mismatched = [...messages.ru].filter(([key, value]) =>
      FILES.some(
        (file) =>
          JSON.stringify(placeholders(String(messages[file].get(key) ?? ''))) !==
          JSON.stringify(placeholders(String(value))),
      ),
    );
    expect(mismatched.map(([key]) => key)).toEqual([]);
  });

  it('labels the Russian cookie button exactly «Принять»', () => {
    expect(messages.ru.get('cookie.accept')).toBe('Принять');
  });

  it('says "This page could not be found" in English', () => {
    expect(messages.en.get('errors.notFound.title')).toBe('This page could not be found');
  });
});
