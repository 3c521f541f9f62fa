'use client';

import { createContext, useContext, useState, type ReactNode } from 'react';
import { useStore } from 'zustand';
import { createAppStore, type AppStore, type AppStoreInit } from '@/lib/store/app-store';

type AppStoreApi = ReturnType<typeof createAppStore>;

const AppStoreContext = createContext<AppStoreApi | null>(null);

/** One store per request on the server and per page load in the browser, never a module singleton. */
export function AppStoreProvider({ init, children }: { init: AppStoreInit; children: ReactNode }) {
  const [store] = useState(() => createAppStore(init));
  return <AppStoreContext.Provider value={store}>{children}</AppStoreContext.Provider>;
}

export function useAppStore<T>(selector: (state: AppStore) => T): T {
  const store = useContext(AppStoreContext);
  if (!store) throw new Error('useAppStore must be used inside AppStoreProvider');
  return useStore(store, selector);
}
