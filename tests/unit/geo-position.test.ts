import { describe, expect, it } from 'vitest';
import { GPS_POSITION_KEY, readPosition, storePosition } from '@/lib/browser/geo-position';

/** A Storage stand-in (the unit project runs in Node, without localStorage). */
function memoryStorage(initial: Record<string, string> = {}) {
  const items = new Map(Object.entries(initial));
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
  };
}

describe('stored GPS position', () => {
  it('reads a stored position', () => {
    expect(readPosition(memoryStorage({ [GPS_POSITION_KEY]: '{"lat":43.116,"lon":131.882}' }))).toEqual({
      lat: 43.116,
      lon: 131.882,
    });
  });

  it('is null when nothing is stored', () => {
    expect(readPosition(memoryStorage())).toBeNull();
  });

  it('ignores content it cannot trust', () => {
    for (const bad of [
      'not json',
      '{',
      '"43,131"',
      '[43,131]',
      '42',
      'true',
      '{}',
      '{"lat":"43.1","lon":"131.9"}',
      '{"lat":43.1}',
      '{"lat":91,"lon":0}',
      '{"lat":0,"lon":-181}',
      '{"lat":null,"lon":null}',
    ]) {
      expect(readPosition(memoryStorage({ [GPS_POSITION_KEY]: bad })), bad).toBeNull();
    }
  });

  it('survives a storage that throws (blocked cookies)', () => {
    const blocked = {
      getItem: () => {
        throw new DOMException('denied', 'SecurityError');
      },
      setItem: () => {
        throw new DOMException('denied', 'SecurityError');
      },
    };
    expect(readPosition(blocked)).toBeNull();
    expect(storePosition(blocked, { lat: 43.1, lon: 131.9 })).toEqual({ lat: 43.1, lon: 131.9 });
  });

  it('stores a position rounded to about 100 m, and reads it back', () => {
    const storage = memoryStorage();
    expect(storePosition(storage, { lat: 43.115_678, lon: 131.885_432 })).toEqual({ lat: 43.116, lon: 131.885 });
    expect(readPosition(storage)).toEqual({ lat: 43.116, lon: 131.885 });
  });
});
