/**
 * Shared Intl formatters, one per locale and options. Building one costs tens of microseconds and a listing
 * formats a price and a date for each of its 40 cards, on the server and again while hydrating: building
 * them per call was 12% of rendering /go. Formatters are immutable, and the keys come from our own
 * options, locales and currency codes, so the set stays small.
 */
const formatters = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();

function cached<F extends Intl.NumberFormat | Intl.DateTimeFormat>(
  kind: string,
  locale: string,
  options: object,
  create: () => F,
): F {
  const key = `${kind}|${locale}|${JSON.stringify(options)}`;
  let formatter = formatters.get(key) as F | undefined;
  if (!formatter) {
    formatter = create();
    formatters.set(key, formatter);
  }
  return formatter;
}

export function numberFormat(locale: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  return cached('number', locale, options, () => new Intl.NumberFormat(locale, options));
}

export function dateTimeFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  return cached('date', locale, options, () => new Intl.DateTimeFormat(locale, options));
}
