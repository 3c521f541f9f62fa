/** A plain object (`{…}` or `Object.create(null)`), whose keys a hash sorts; arrays, dates and class instances are not. */
function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (Object.prototype.toString.call(value) !== '[object Object]') return false;
  const prototype = Object.getPrototypeOf(value);
  return prototype === null || prototype === Object.prototype;
}

/**
 * The hash React Query gives a query key (its `hashKey`: the key as JSON, each plain object's keys sorted), computed
 * without React Query: the budget pages look the page's answers up by it before React Query loads, and importing
 * `hashKey` put query-core's utilities (1.2 kB gzipped) into their first load. tests/unit/query-hash.test.ts holds
 * it to React Query's own on the app's keys.
 */
export function queryHash(key: readonly unknown[]): string {
  return JSON.stringify(key, (_, value: unknown) =>
    isPlainObject(value)
      ? Object.fromEntries(
          Object.keys(value)
            .sort()
            .map((name) => [name, value[name]]),
        )
      : value,
  );
}
