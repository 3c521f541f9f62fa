import 'server-only';
import { invalid } from './problem';

const NUL = '\u0000';

interface Visit {
  value: unknown;
  key: string;
  parent: Visit | null;
}

const pathOf = (visit: Visit): string => {
  const keys: string[] = [];
  for (let at: Visit | null = visit; at; at = at.parent) keys.unshift(at.key);
  return keys.join('.');
};

/**
 * 422 when any string in `value` (object keys included) holds U+0000: PostgreSQL text cannot store it and
 * fails the whole query, so it is refused before any input reaches SQL. `field` names where it was found.
 * Walks with its own stack and builds the field path only on failure: a 64 KB JSON body may nest tens of
 * thousands of levels deep.
 */
export function rejectNul(value: unknown, field = '_'): void {
  const pending: Visit[] = [{ value, key: field, parent: null }];
  while (pending.length) {
    const visit = pending.pop()!;
    if (typeof visit.value === 'string') {
      if (visit.value.includes(NUL))
        throw invalid({ [pathOf(visit)]: ['Must not contain the NUL character (U+0000).'] });
    } else if (visit.value !== null && typeof visit.value === 'object') {
      for (const [key, child] of Object.entries(visit.value)) {
        const parent = visit.parent === null && visit.key === '_' ? null : visit;
        if (key.includes(NUL)) throw invalid({ [pathOf(visit)]: ['Must not contain the NUL character (U+0000).'] });
        pending.push({ value: child, key, parent });
      }
    }
  }
}

/** The query string and path params of an API request: 422 when any holds U+0000. */
export function rejectNulInRequest(searchParams: URLSearchParams, params: unknown): void {
  for (const [key, value] of searchParams) {
    rejectNul(key);
    rejectNul(value, key);
  }
  rejectNul(params);
}
