import { createStore } from 'zustand/vanilla';
import type { AppLocale } from '@/lib/i18n/locales';

/** The signed-in user as `POST /auth/me` returns it (fields the shell reads). */
export interface SessionUser {
  id: number;
  hid: string;
  type: 'users';
  attributes: {
    name: string;
    image_url: string | null;
    profile_hid: string;
    role?: 'user' | 'moderator' | 'admin';
  };
}

/** `phone_verification` from the phone sign-in API; never holds the code. */
export interface PhoneVerification {
  id: string;
  phone: string;
  expires_at: string;
  resend_after: string;
}

/** SPEC section 3 "Auth state". */
export interface AppState {
  user: SessionUser | null;
  token: string | null;
  locale: AppLocale;
  isMobile: boolean;
  pageTitle: string;
  prevRoute: string | null;
  phoneVerification: PhoneVerification | null;
}

export interface AppActions {
  setSession: (user: SessionUser, token: string) => void;
  clearSession: () => void;
  setLocale: (locale: AppLocale) => void;
  setIsMobile: (isMobile: boolean) => void;
  setPageTitle: (pageTitle: string) => void;
  setPrevRoute: (prevRoute: string | null) => void;
  setPhoneVerification: (phoneVerification: PhoneVerification | null) => void;
}

export type AppStore = AppState & AppActions;

export type AppStoreInit = Pick<AppState, 'locale' | 'isMobile'> & Partial<AppState>;

export function createAppStore(init: AppStoreInit) {
  return createStore<AppStore>()((set) => ({
    user: null,
    token: null,
    pageTitle: '',
    prevRoute: null,
    phoneVerification: null,
    ...init,
    setSession: (user, token) => set({ user, token }),
    clearSession: () => set({ user: null, token: null }),
    setLocale: (locale) => set({ locale }),
    setIsMobile: (isMobile) => set({ isMobile }),
    setPageTitle: (pageTitle) => set({ pageTitle }),
    setPrevRoute: (prevRoute) => set({ prevRoute }),
    setPhoneVerification: (phoneVerification) => set({ phoneVerification }),
  }));
}

/** Authenticated means both the user and the token are set (SPEC section 4). */
export const selectIsAuthenticated = (state: AppState) => state.user !== null && state.token !== null;
