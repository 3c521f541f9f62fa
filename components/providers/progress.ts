import type { NProgress } from 'nprogress';
import { PROGRESS_DELAY_MS, PROGRESS_MAX_MS } from '@/lib/constants';

/** The progress bar's library, loaded on the first slow navigation (it shows only after 200 ms anyway). */
let loading: Promise<NProgress> | null = null;
const progressBar = () =>
  (loading ??= import('nprogress').then(({ default: bar }) => {
    // The library's own markup gives the bar `role="bar"`, which is no ARIA role (axe: aria-roles); the bar only
    // draws what the browser's own loading indicator says, so assistive technology is spared it.
    bar.configure({
      showSpinner: false,
      trickleSpeed: 200,
      template: '<div class="bar" aria-hidden="true"><div class="peg"></div></div>',
      barSelector: '.bar',
    });
    return bar;
  }));

const timers: { show?: number; stop?: number } = {};

function clearTimers() {
  window.clearTimeout(timers.show);
  window.clearTimeout(timers.stop);
}

/**
 * A page change has begun, from a link or from code (SPEC section 9): the bar shows if it takes longer than
 * 200 ms and is gone after 5 s at most. Call it only for a change to another URL: `navigationFinished` runs
 * when the URL changes.
 */
export function navigationStarted() {
  clearTimers();
  timers.show = window.setTimeout(() => void progressBar().then((bar) => bar.start()), PROGRESS_DELAY_MS);
  timers.stop = window.setTimeout(navigationFinished, PROGRESS_MAX_MS);
}

/** The new page is in place. */
export function navigationFinished() {
  clearTimers();
  if (loading) void loading.then((bar) => bar.done());
}
