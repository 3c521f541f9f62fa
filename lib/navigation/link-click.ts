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

/** The URL a link points to, when it is a page of this site (the origin of `currentHref`). */
export function siteUrlOf(anchor: Element, currentHref: string): URL | null {
  const url = new URL(anchor.getAttribute('href')!, currentHref);
  return url.origin === new URL(currentHref).origin ? url : null;
}

/**
 * The URL of this site that a plain left click on a link opens, whether the browser or the app opens it (the
 * app's navigation takes the click from the browser), or null for a click the browser treats otherwise: another
 * button or a modifier key (new tab, new window, download), a link to a new tab or a download, another origin,
 * or no link.
 */
export function siteLinkOf(event: Omit<LinkClick, 'defaultPrevented'>, currentHref: string): URL | null {
  if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return null;
  const anchor = linkOf(event.target);
  if (!anchor || (anchor.getAttribute('target') ?? '_self') !== '_self' || anchor.hasAttribute('download')) return null;
  return siteUrlOf(anchor, currentHref);
}

/** The URL the app should open itself for a click: its {@link siteLinkOf}, unless some handler has already taken the click. */
export function clickedSiteLink(event: LinkClick, currentHref: string): URL | null {
  return event.defaultPrevented ? null : siteLinkOf(event, currentHref);
}
