/**
 * The session cookie: the refresh token, httpOnly, SameSite=Lax, path `/` (built by the accounts API).
 * The middleware's login gate only checks that it is present; the API decides whether it is valid.
 */
export const SESSION_COOKIE = 'sopka_session';
