import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createApiClient } from '@/lib/api/client';

const BASE = 'http://api.test/api/v1';
const server = setupServer();
beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

/** A protected endpoint that accepts only `fresh`, and a refresh endpoint counting its calls. */
function protectedApi({ refreshOk = true } = {}) {
  const seen: string[] = [];
  let refreshes = 0;
  server.use(
    http.get(`${BASE}/private`, ({ request }) => {
      const auth = request.headers.get('authorization') ?? '';
      seen.push(auth);
      return auth === 'Bearer fresh'
        ? HttpResponse.json({ ok: true })
        : HttpResponse.json({ status: 401 }, { status: 401 });
    }),
    http.post(`${BASE}/auth/refresh`, () => {
      refreshes += 1;
      return refreshOk ? HttpResponse.json({ token: 'fresh' }) : HttpResponse.json({ status: 401 }, { status: 401 });
    }),
  );
  return { seen, refreshes: () => refreshes };
}

function clientWithToken(token: string | null) {
  const { client, setSessionHooks } = createApiClient(BASE);
  let current = token;
  const hooks = {
    getToken: () => current,
    refresh: vi.fn(async () => (await client.post<{ token: string }>('/auth/refresh')).data.token),
    onRefreshed: vi.fn((next: string) => {
      current = next;
    }),
    onEnded: vi.fn(() => {
      current = null;
    }),
  };
  setSessionHooks(hooks);
  return { client, hooks };
}

describe('the HTTP client', () => {
  it('sends the bearer token of the session', async () => {
    const api = protectedApi();
    const { client } = clientWithToken('fresh');
    await client.get('/private');
    expect(api.seen).toEqual(['Bearer fresh']);
  });

  it('on a 401 refreshes once, stores the new token and retries the call', async () => {
    const api = protectedApi();
    const { client, hooks } = clientWithToken('expired');
    const response = await client.get('/private');
    expect(response.data).toEqual({ ok: true });
    expect(api.seen).toEqual(['Bearer expired', 'Bearer fresh']);
    expect(hooks.onRefreshed).toHaveBeenCalledWith('fresh');
    expect(api.refreshes()).toBe(1);
  });

  it('parallel 401s share one refresh (a rotated refresh token works only once)', async () => {
    const api = protectedApi();
    const { client } = clientWithToken('expired');
    await Promise.all([client.get('/private'), client.get('/private'), client.get('/private')]);
    expect(api.refreshes()).toBe(1);
  });

  it('when the refresh fails, the session ends and the caller gets the 401', async () => {
    const api = protectedApi({ refreshOk: false });
    const { client, hooks } = clientWithToken('expired');
    await expect(client.get('/private')).rejects.toMatchObject({ response: { status: 401 } });
    expect(hooks.onEnded).toHaveBeenCalledTimes(1);
    expect(api.seen).toEqual(['Bearer expired']);
  });

  it('anonymous calls are not refreshed: their 401 is the answer', async () => {
    const api = protectedApi();
    const { client } = clientWithToken(null);
    await expect(client.get('/private')).rejects.toMatchObject({ response: { status: 401 } });
    expect(api.refreshes()).toBe(0);
  });

  it('does not retry a call that was already retried', async () => {
    server.use(
      http.get(`${BASE}/private`, () => HttpResponse.json({ status: 401 }, { status: 401 })),
      http.post(`${BASE}/auth/refresh`, () => HttpResponse.json({ token: 'fresh' })),
    );
    const { client, hooks } = clientWithToken('expired');
    await expect(client.get('/private')).rejects.toMatchObject({ response: { status: 401 } });
    expect(hooks.refresh).toHaveBeenCalledTimes(1);
  });
});

describe('the HTTP client after a refresh elsewhere', () => {
  it('a late 401 of a call sent with the old token retries with the new one, without refreshing again', async () => {
    const api = protectedApi();
    const { client, hooks } = clientWithToken('expired');
    await client.get('/private');
    // The session now holds `fresh`; a call that was sent with `expired` comes back 401.
    await client.get('/private', { headers: { Authorization: 'Bearer expired' } });
    expect(api.refreshes()).toBe(1);
    expect(hooks.refresh).toHaveBeenCalledTimes(1);
    expect(api.seen.at(-1)).toBe('Bearer fresh');
  });
});
