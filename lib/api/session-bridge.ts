import type { AppStoreApi } from '@/lib/store/app-store';
import { createSessionActions, type SessionActions } from '@/lib/store/session';
import * as authApi from './auth';
import { setSessionHooks } from './client';

/**
 * Joins the store and the HTTP client: the client reads the token from the store and refreshes through it.
 * Loaded on demand, so anonymous pages never download the HTTP client just to stay signed out.
 */
export function connectSession(store: AppStoreApi): SessionActions {
  setSessionHooks({
    getToken: () => store.getState().token,
    refresh: authApi.refresh,
    onRefreshed: (token) => store.setState({ token }),
    onEnded: () => store.getState().clearSession(),
  });
  return createSessionActions(store, authApi);
}
