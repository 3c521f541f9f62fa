/** What of a click decides whether the app, rather than the browser, opens the clicked link. */
export interface LinkClick {
  defaultPrevented: boolean;
  button: number;
  metaKey: boolean;
  ctrlKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
  target: EventTarget | null;
}

/** The link an event happened in (the event's target or one of its ancestors), if any. */
export function linkOf(target: EventTarget | null): Element | null {
  return (target as Element | null)?.closest?.('a[href]') ?? null;
}

/**
 * The URL of this site that a plain left click on a link opens, or null when the browser should handle the
 * click itself: another button or a modifier key (new tab, new window, download), a link to a new tab or a
 * download, another origin, no link, or a click some handler has already taken.
 */
export function clickedSiteLink(event: LinkClick, currentHref: string): URL | null {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return null;
  const anchor = linkOf(event.target);
  if (!anchor || (anchor.getAttribute('target') ?? '_self') !== '_self' || anchor.hasAttribute('download')) return null;
  const url = new URL(anchor.getAttribute('href')!, currentHref);
  return url.origin === new URL(currentHref).origin ? url : null;
}
