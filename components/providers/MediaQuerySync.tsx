'use client';

import { useEffect } from 'react';
import { useAppStore } from './AppStoreProvider';

/** Keeps `isMobile` in the store in step with the viewport (below the breakpoint = mobile). */
export function MediaQuerySync({ mobileBreakpoint }: { mobileBreakpoint: number }) {
  const setIsMobile = useAppStore((s) => s.setIsMobile);
  useEffect(() => {
    const query = window.matchMedia(`(max-width: ${mobileBreakpoint - 0.02}px)`);
    const update = () => setIsMobile(query.matches);
    update();
    query.addEventListener('change', update);
    return () => query.removeEventListener('change', update);
  }, [mobileBreakpoint, setIsMobile]);
  return null;
}
