'use client';

import { useEffect, useRef } from 'react';

/** Marks the history entry that stands in front of the editor while it has unsaved changes. */
const UNSAVED_GUARD = 'sopkaUnsavedGuard';

/**
 * While `dirty`, leaving asks first: the browser asks before closing or reloading; links in the page and Back
 * ask with `message`.
 */
export function useUnsavedChangesGuard(dirty: boolean, message: string) {
  const unmounted = useRef(false);
  useEffect(() => {
    unmounted.current = false;
    return () => {
      unmounted.current = true;
    };
  }, []);

  useEffect(() => {
    if (!dirty) return;
    // Back first lands on this entry from under a marked copy of it (same URL and router state, so the router
    // shows the same page): staying puts the copy back, leaving goes back once more.
    const guard = () =>
      window.history.pushState({ ...window.history.state, [UNSAVED_GUARD]: true }, '', window.location.href);
    guard();
    let leaving = false;
    const onPopState = () => {
      if (leaving) return;
      if (window.confirm(message)) {
        leaving = true;
        window.history.back();
      } else {
        guard();
      }
    };
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = '';
    };
    const onClick = (event: MouseEvent) => {
      const link = (event.target as Element | null)?.closest?.('a[href]');
      if (!link || link.getAttribute('href')?.startsWith('#') || link.closest('[role="dialog"]')) return;
      if (!window.confirm(message)) {
        event.preventDefault();
        event.stopPropagation();
      }
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    window.addEventListener('popstate', onPopState);
    document.addEventListener('click', onClick, true);
    return () => {
      window.removeEventListener('beforeunload', onBeforeUnload);
      window.removeEventListener('popstate', onPopState);
      document.removeEventListener('click', onClick, true);
      // Saved (still on the page): the copy goes, so that one Back leaves as usual.
      if (!unmounted.current && window.history.state?.[UNSAVED_GUARD]) backInPlace();
    };
  }, [dirty, message]);
}

/**
 * Back from the guard's copy to the entry under it, keeping the scroll position: the browser would restore where the
 * page was when the form first changed (the top, for a new idea whose first photo is uploaded far below).
 */
function backInPlace() {
  const y = window.scrollY;
  const keep = () => {
    window.scrollTo(0, y);
    requestAnimationFrame(() => window.scrollTo(0, y));
  };
  window.addEventListener('popstate', keep, { once: true });
  window.history.back();
}

/**
 * Shows `path` in the address bar in place of the current entry without a navigation, so the page keeps what it
 * holds (Next.js syncs its router with `history.replaceState`). While the guard's copy is still on top, its Back
 * (after a save) is under way: the entry under it is the one to replace, once that Back has landed.
 */
export function replaceAddress(path: string) {
  const replace = () => window.history.replaceState(null, '', path);
  if (window.history.state?.[UNSAVED_GUARD]) window.addEventListener('popstate', replace, { once: true });
  else replace();
}
