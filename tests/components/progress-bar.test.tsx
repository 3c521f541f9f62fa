import { afterEach, describe, expect, it, vi } from 'vitest';
import { PROGRESS_DELAY_MS } from '@/lib/constants';

const { navigationFinished, navigationStarted } = await vi.importActual<
  typeof import('@/components/providers/progress')
>('@/components/providers/progress');

afterEach(() => {
  navigationFinished();
  vi.useRealTimers();
});

describe('the progress bar of a slow page change', () => {
  it('shows, and gives assistive technology no made-up role to stumble on (axe: aria-roles)', async () => {
    vi.useFakeTimers();
    navigationStarted();
    await vi.advanceTimersByTimeAsync(PROGRESS_DELAY_MS);
    vi.useRealTimers();
    await vi.waitFor(() => expect(document.querySelector('#nprogress .bar')).not.toBeNull());

    expect(document.querySelectorAll('#nprogress [role]')).toHaveLength(0);
    expect(document.querySelector('#nprogress .bar')?.getAttribute('aria-hidden')).toBe('true');
  });
});
