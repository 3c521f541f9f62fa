import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// Lazy chunks and msw answers take longer than the default second on a 2-core machine running e2e alongside.
configure({ asyncUtilTimeout: 15_000 });

// A mocked router never changes the URL, so a real progress bar would trickle on timers past the end of the
// file and touch a torn-down `document` (an unhandled error that fails the run). Its own test imports the real one.
vi.mock('@/components/providers/progress', () => ({ navigationStarted: vi.fn(), navigationFinished: vi.fn() }));

// jsdom lays nothing out and has no ResizeObserver: this one reports each element once, when observed.
globalThis.ResizeObserver ??= class {
  constructor(private readonly callback: ResizeObserverCallback) {}
  observe() {
    this.callback([], this as unknown as ResizeObserver);
  }
  unobserve() {}
  disconnect() {}
} as unknown as typeof ResizeObserver;

afterEach(() => {
  cleanup();
  window.localStorage.clear();
});
