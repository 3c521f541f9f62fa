import { describe, expect, it, vi } from 'vitest';
import { createAppStore, selectIsAuthenticated, type SessionUser } from '@/lib/store/app-store';
import { createSessionActions, type SessionApi } from '@/lib/store/session';

const anna: SessionUser = {
  id: 5,
  hid: 'u5',
  type: 'users',
  attributes: { name: 'Анна', image_url: null, profile_hid: 'p5', role: 'user' },
};

function setup(api: Partial<SessionApi> = {}) {
  const store = createAppStore({ locale: 'ru', isMobile: false });
  const calls: SessionApi = {
    currentUser: vi.fn(async () => anna),
    refresh: vi.fn(async () => 'refreshed-token'),
    logout: vi.fn(async () => undefined),
    ...api,
  };
  return { store, api: calls, actions: createSessionActions(store, calls) };
}

describe('session transitions (SPEC section 4)', () => {
  it('starts anonymous and unchecked', () => {
    const { store } = setup();
    expect(selectIsAuthenticated(store.getState())).toBe(false);
    expect(store.getState().sessionChecked).toBe(false);
  });

  it('a token becomes a session only once /auth/me answers with the user', async () => {
    const { store, api, actions } = setup();
    expect(await actions.signInWithToken('login-token')).toBe(true);
    expect(api.currentUser).toHaveBeenCalledWith('login-token');
    expect(store.getState()).toMatchObject({ user: anna, token: 'login-token' });
    expect(selectIsAuthenticated(store.getState())).toBe(true);
  });

  it('when /auth/me fails, user and token are cleared and the attempt answers false', async () => {
    const { store, actions } = setup({ currentUser: async () => Promise.reject(new Error('401')) });
    store.getState().setSession(anna, 'old-token');
    expect(await actions.signInWithToken('bad-token')).toBe(false);
    expect(store.getState()).toMatchObject({ user: null, token: null });
  });

  it('restores the stored session through refresh, then marks the check done', async () => {
    const { store, api, actions } = setup();
    expect(await actions.restore()).toBe(true);
    expect(api.currentUser).toHaveBeenCalledWith('refreshed-token');
    expect(store.getState()).toMatchObject({ token: 'refreshed-token', sessionChecked: true });
  });

  it('a failed refresh leaves the visitor anonymous, without asking for the user', async () => {
    const { store, api, actions } = setup({ refresh: async () => Promise.reject(new Error('401')) });
    expect(await actions.restore()).toBe(false);
    expect(api.currentUser).not.toHaveBeenCalled();
    expect(store.getState()).toMatchObject({ user: null, token: null, sessionChecked: true });
  });

  it('logout clears user and token even when the server call fails', async () => {
    const { store, actions } = setup({ logout: async () => Promise.reject(new Error('offline')) });
    await actions.signInWithToken('t');
    await actions.logout();
    expect(store.getState()).toMatchObject({ user: null, token: null });
    expect(selectIsAuthenticated(store.getState())).toBe(false);
  });

  it('authenticated means both user and token', () => {
    const { store } = setup();
    store.setState({ token: 'only-token' });
    expect(selectIsAuthenticated(store.getState())).toBe(false);
    store.setState({ token: null, user: anna });
    expect(selectIsAuthenticated(store.getState())).toBe(false);
  });

  it('updateUser changes the signed-in user only', () => {
    const { store } = setup();
    store.getState().updateUser({ name: 'Никто' });
    expect(store.getState().user).toBeNull();
    store.getState().setSession(anna, 't');
    store.getState().updateUser({ name: 'Анна К.', image_url: '/media/a.webp' });
    expect(store.getState().user?.attributes).toMatchObject({
      name: 'Анна К.',
      image_url: '/media/a.webp',
      profile_hid: 'p5',
    });
  });
});
