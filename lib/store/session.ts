import type { StoreApi } from 'zustand/vanilla';
import type { AppStore, SessionUser } from './app-store';

/** The calls the session needs; the browser passes `lib/api/auth`, tests pass fakes. */
export interface SessionApi {
  currentUser: (token: string) => Promise<SessionUser>;
  refresh: () => Promise<string>;
  logout: () => Promise<void>;
}

export interface SessionActions {
  /** A token was obtained (login, registration, phone code): signed in once `/auth/me` answers. */
  signInWithToken: (token: string) => Promise<boolean>;
  /** The stored session (the refresh cookie), tried once on start. */
  restore: () => Promise<boolean>;
  logout: () => Promise<void>;
}

/** SPEC section 4, auth: anonymous → logged in only when a token exists and the current user is known. */
export function createSessionActions(store: StoreApi<AppStore>, api: SessionApi): SessionActions {
  const signInWithToken = async (token: string) => {
    try {
      const user = await api.currentUser(token);
      store.getState().setSession(user, token);
      return true;
    } catch {
      store.getState().clearSession();
      return false;
    }
  };

  return {
    signInWithToken,
    restore: async () => {
      try {
        const token = await api.refresh().catch(() => null);
        if (token === null) {
          store.getState().clearSession();
          return false;
        }
        return await signInWithToken(token);
      } finally {
        store.getState().setSessionChecked();
      }
    },
    logout: async () => {
      try {
        await api.logout();
      } catch {
        // Signing out locally matters more than the server's answer; the refresh cookie expires anyway.
      } finally {
        store.getState().clearSession();
      }
    },
  };
}
