/**
 * The session cookie: the refresh token, httpOnly, SameSite=Lax, path `/` (built by the accounts API).
 * The proxy's login gate only checks that it is present; the API decides whether it is valid.
 */
export const SESSION_COOKIE = 'sopka_session';

/**
 * A readable companion of the session cookie, holding no secret: it tells the browser a session may exist,
 * so anonymous visitors never pay for a refresh call on page load.
 */
export const SESSION_HINT_COOKIE = 'sopka_signed_in';
