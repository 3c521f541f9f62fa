import { createStore } from 'zustand/vanilla';
import type { PhoneVerificationResource } from '@/lib/contract/auth';
import type { AppLocale } from '@/lib/i18n/locales';

/** The signed-in user as `POST /auth/me` returns it (fields the shell reads). */
export interface SessionUser {
  id: number;
  hid: string;
  type: 'users';
  attributes: {
    name: string;
    /** The spellings of the name English and Chinese pages show. */
    name_latin?: string | null;
    name_zh?: string | null;
    email?: string | null;
    phone?: string | null;
    image_url: string | null;
    profile_hid: string;
    role?: 'user' | 'moderator' | 'admin';
    /** False for an account made by phone that has not set a password yet. */
    has_password?: boolean;
  };
}

/** `phone_verification` from the phone sign-in API; never holds the code. */
export type PhoneVerification = PhoneVerificationResource;

/** SPEC section 3 "Auth state". */
export interface AppState {
  user: SessionUser | null;
  token: string | null;
  locale: AppLocale;
  isMobile: boolean;
  pageTitle: string;
  prevRoute: string | null;
  phoneVerification: PhoneVerification | null;
  /** False until the stored session has been tried on start (pages behind the gate wait for it). */
  sessionChecked: boolean;
}

export interface AppActions {
  setSession: (user: SessionUser, token: string) => void;
  clearSession: () => void;
  setLocale: (locale: AppLocale) => void;
  setIsMobile: (isMobile: boolean) => void;
  setPageTitle: (pageTitle: string) => void;
  setPrevRoute: (prevRoute: string | null) => void;
  setPhoneVerification: (phoneVerification: PhoneVerification | null) => void;
  setSessionChecked: () => void;
  /** Replaces the signed-in user's fields after a profile change. */
  updateUser: (attributes: Partial<SessionUser['attributes']>) => void;
}

export type AppStore = AppState & AppActions;

export type AppStoreInit = Pick<AppState, 'locale' | 'isMobile'> & Partial<AppState>;

export type AppStoreApi = ReturnType<typeof createAppStore>;

export function createAppStore(init: AppStoreInit) {
  return createStore<AppStore>()((set) => ({
    user: null,
    token: null,
    pageTitle: '',
    prevRoute: null,
    phoneVerification: null,
    sessionChecked: false,
    ...init,
    setSession: (user, token) => set({ user, token }),
    clearSession: () => set({ user: null, token: null }),
    setLocale: (locale) => set({ locale }),
    setIsMobile: (isMobile) => set({ isMobile }),
    setPageTitle: (pageTitle) => set({ pageTitle }),
    setPrevRoute: (prevRoute) => set({ prevRoute }),
    setPhoneVerification: (phoneVerification) => set({ phoneVerification }),
    setSessionChecked: () => set({ sessionChecked: true }),
    updateUser: (attributes) =>
      set(({ user }) => (user ? { user: { ...user, attributes: { ...user.attributes, ...attributes } } } : {})),
  }));
}

/** Authenticated means both the user and the token are set (SPEC section 4). */
export const selectIsAuthenticated = (state: AppState) => state.user !== null && state.token !== null;

export const selectIsModerator = (state: AppState) =>
  state.user?.attributes.role === 'moderator' || state.user?.attributes.role === 'admin';
