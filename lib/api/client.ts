import axios from 'axios';

/**
 * The browser's one HTTP client: base `/api/v1`, JSON. Calls pass their `Locale` header themselves
 * (localized answers are cached per locale); the bearer token is added once signed in.
 */
export const apiClient = axios.create({ baseURL: '/api/v1', headers: { Accept: 'application/json' } });

let accessToken: string | null = null;

/** Called by the session store whenever the token changes. */
export function setAccessToken(token: string | null) {
  accessToken = token;
}

apiClient.interceptors.request.use((config) => {
  if (accessToken) config.headers.set('Authorization', `Bearer ${accessToken}`);
  return config;
});

/** The `Locale` header of a call in the given site locale. */
export const localeHeaders = (locale: string) => ({ Locale: locale });
