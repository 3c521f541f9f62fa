/** The web-analytics counter (Yandex Metrica): a queue that works before the tag script has loaded. */
type Ym = ((...args: unknown[]) => void) & { a?: unknown[][]; l?: number };

declare global {
  interface Window {
    ym?: Ym;
  }
}

export const ANALYTICS_SCRIPT_URL = 'https://mc.yandex.ru/metrika/tag.js';

function ym(): Ym {
  if (!window.ym) {
    const queue: Ym = (...args: unknown[]) => {
      (queue.a ??= []).push(args);
    };
    queue.l = Date.now();
    window.ym = queue;
  }
  return window.ym;
}

/**
 * Queues the counter's start and adds its tag script once (after hydration, as the caller's effect runs): a plain
 * element rather than next/script, which every page would otherwise download for a counter few configure.
 */
export function initAnalytics(counterId: string): void {
  // `defer`: no automatic first hit; every route change (the first included) reports itself.
  ym()(Number(counterId), 'init', { defer: true, clickmap: false, trackLinks: true, accurateTrackBounce: true });
  if (document.querySelector(`script[src="${ANALYTICS_SCRIPT_URL}"]`)) return;
  const script = document.createElement('script');
  script.src = ANALYTICS_SCRIPT_URL;
  script.async = true;
  document.body.appendChild(script);
}

export function trackPageView(counterId: string, url: string, referrer: string | null): void {
  ym()(Number(counterId), 'hit', url, referrer ? { referer: referrer } : {});
}
