'use client';

import { useEffect, useRef, useState, type RefObject } from 'react';

/**
 * Whether the element has come within `margin` (a CSS margin, as IntersectionObserver's rootMargin) of the screen;
 * once it has, it stays so and the observer is gone. For what a page loads only when the visitor scrolls near it.
 */
export function useNearScreenOnce<T extends Element>(margin: string): [RefObject<T | null>, boolean] {
  const element = useRef<T>(null);
  const [near, setNear] = useState(false);
  useEffect(() => {
    const node = element.current;
    if (near || !node || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setNear(true);
          observer.disconnect();
        }
      },
      { rootMargin: margin },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [near, margin]);
  return [element, near];
}
