/**
 * Toasts (sonner, bottom-right). The library loads on the first toast, not with every page: a toast
 * follows a click, long after the page became interactive.
 */
export function notify(kind: 'success' | 'error', title: string, options?: { description?: string }): void {
  void import('sonner').then(({ toast }) => toast[kind](title, options));
}
