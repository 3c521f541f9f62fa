import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll } from 'vitest';

/**
 * The API as the browser client reaches it: axios resolves its `/api/v1` base against the page's origin
 * (jsdom's `http://localhost:3000`).
 */
export const apiUrl = (path: string) => new URL(`/api/v1${path}`, window.location.origin).toString();

/** An msw server for one test file; a request no handler answers fails the test. */
export function setupApiServer() {
  const server = setupServer();
  beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
  afterEach(() => server.resetHandlers());
  afterAll(() => server.close());
  return server;
}
