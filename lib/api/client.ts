import axios, { type AxiosError, type AxiosInstance, type InternalAxiosRequestConfig } from 'axios';

/**
 * What the client needs from the session: the current access token, a way to get a new one (the refresh
 * cookie travels by itself) and to hear that the session has ended. The session store registers these.
 */
export interface SessionHooks {
  getToken: () => string | null;
  refresh: () => Promise<string>;
  onRefreshed: (token: string) => void;
  onEnded: () => void;
}

type RetriableConfig = InternalAxiosRequestConfig & { _retried?: boolean };

/** Calls that must never trigger a refresh: they are the session itself. */
const SESSION_CALLS = ['/auth/refresh', '/auth/login', '/auth/register', '/auth/logout', '/auth/phoneVerification'];

/**
 * An axios instance that adds the bearer token and, on a 401, refreshes the session once and retries the
 * call; when the refresh fails the session ends cleanly and the 401 reaches the caller.
 */
export function createApiClient(baseURL = '/api/v1'): {
  client: AxiosInstance;
  setSessionHooks: (hooks: SessionHooks | null) => void;
} {
  const client = axios.create({ baseURL, headers: { Accept: 'application/json' } });
  let hooks: SessionHooks | null = null;
  // One refresh at a time: parallel 401s wait for the same new token (a rotated refresh token is single-use).
  let refreshing: Promise<string> | null = null;

  client.interceptors.request.use((config) => {
    const token = hooks?.getToken();
    if (token && !config.headers.has('Authorization')) config.headers.set('Authorization', `Bearer ${token}`);
    return config;
  });

  client.interceptors.response.use(undefined, async (error: AxiosError) => {
    const config = error.config as RetriableConfig | undefined;
    const isSessionCall = SESSION_CALLS.some((path) => config?.url?.startsWith(path));
    if (error.response?.status !== 401 || !config || config._retried || isSessionCall || !hooks?.getToken())
      throw error;
    const session = hooks;
    const sentWith = String(config.headers.get('Authorization') ?? '').replace(/^Bearer /, '');
    let token = session.getToken() ?? '';
    // A call that left before another one refreshed the session only needs the newer token.
    if (token === sentWith) {
      try {
        refreshing ??= session.refresh().finally(() => {
          refreshing = null;
        });
        token = await refreshing;
      } catch {
        session.onEnded();
        throw error;
      }
      session.onRefreshed(token);
    }
    config._retried = true;
    config.headers.set('Authorization', `Bearer ${token}`);
    return client.request(config);
  });

  return {
    client,
    setSessionHooks: (next) => {
      hooks = next;
    },
  };
}

const browserClient = createApiClient();

/** The browser's one HTTP client: base `/api/v1`, JSON, bearer token once signed in. */
export const apiClient = browserClient.client;
export const setSessionHooks = browserClient.setSessionHooks;

/** The `Locale` header of a call in the given site locale (localized answers are cached per locale). */
export const localeHeaders = (locale: string) => ({ Locale: locale });
