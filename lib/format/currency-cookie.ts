/** The display currency's cookie: chosen in the header or the footer, read only by the browser. */
const CURRENCY_COOKIE = 'CURRENCY';
const CURRENCY_COOKIE_MAX_AGE = 365 * 24 * 60 * 60;
const CURRENCY_CODE = /^[A-Z]{3}$/;

/** The chosen currency in a `document.cookie` string, or null when none (or a malformed one) is set. */
export function readCurrencyCookie(cookies: string): string | null {
  for (const part of cookies.split(';')) {
    const [name, value] = part.trim().split('=');
    if (name === CURRENCY_COOKIE) return value && CURRENCY_CODE.test(value) ? value : null;
  }
  return null;
}

/** The `document.cookie` assignment that remembers a choice for a year, or forgets it (null). */
export function currencyCookie(code: string | null, secure: boolean): string {
  const attributes = `Path=/; SameSite=Lax${secure ? '; Secure' : ''}`;
  return code && CURRENCY_CODE.test(code)
    ? `${CURRENCY_COOKIE}=${code}; Max-Age=${CURRENCY_COOKIE_MAX_AGE}; ${attributes}`
    : `${CURRENCY_COOKIE}=; Max-Age=0; ${attributes}`;
}
