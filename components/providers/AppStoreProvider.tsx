'use client';

import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { useStore } from 'zustand';
import { SESSION_HINT_COOKIE } from '@/lib/auth/session';
import { createAppStore, type AppStore, type AppStoreApi, type AppStoreInit } from '@/lib/store/app-store';
import type { SessionActions } from '@/lib/store/session';

interface AppStoreContextValue {
  store: AppStoreApi;
  session: () => Promise<SessionActions>;
}

const AppStoreContext = createContext<AppStoreContextValue | null>(null);

const hasSessionHint = () => document.cookie.split('; ').some((cookie) => cookie.startsWith(`${SESSION_HINT_COOKIE}=`));

/**
 * One store per request on the server and per page load in the browser, never a module singleton.
 * On start the stored session is tried once, and only when the browser holds one.
 */
export function AppStoreProvider({ init, children }: { init: AppStoreInit; children: ReactNode }) {
  const [value] = useState<AppStoreContextValue>(() => {
    const store = createAppStore(init);
    let actions: Promise<SessionActions> | null = null;
    const session = () => (actions ??= import('@/lib/api/session-bridge').then((m) => m.connectSession(store)));
    return { store, session };
  });

  useEffect(() => {
    if (hasSessionHint()) void value.session().then((actions) => actions.restore());
    else value.store.getState().setSessionChecked();
  }, [value]);

  return <AppStoreContext.Provider value={value}>{children}</AppStoreContext.Provider>;
}

function useAppStoreContext(): AppStoreContextValue {
  const value = useContext(AppStoreContext);
  if (!value) throw new Error('useAppStore must be used inside AppStoreProvider');
  return value;
}

export function useAppStore<T>(selector: (state: AppStore) => T): T {
  return useStore(useAppStoreContext().store, selector);
}

/** Sign in with a token, restore or log out; the HTTP client loads with the first call. */
export function useSessionActions(): SessionActions {
  const { session } = useAppStoreContext();
  return {
    signInWithToken: async (token) => (await session()).signInWithToken(token),
    restore: async () => (await session()).restore(),
    logout: async () => (await session()).logout(),
  };
}
