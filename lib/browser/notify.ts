/**
 * Toasts (sonner, bottom-right). The library, its styles and the toaster that shows them load on the first toast,
 * not with every page: a toast follows a click, long after the page became interactive, and sonner's styles,
 * added to the document when it loads, made the browser restyle the whole page right after hydration. A toast
 * asked for before the toaster mounts is shown when it does (sonner replays the active ones).
 */
const listeners = new Set<() => void>();
let asked = false;

/** Whether this page has asked for a toast yet (for useSyncExternalStore): the toaster mounts from then on. */
export const toastAsked = (): boolean => asked;

export function subscribeToastAsked(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function notify(kind: 'success' | 'error', title: string, options?: { description?: string }): void {
  if (!asked) {
    asked = true;
    listeners.forEach((listener) => listener());
  }
  void import('sonner').then(({ toast }) => toast[kind](title, options));
}
