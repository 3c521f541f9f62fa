'use client';

import { useRef, useState } from 'react';
import { clientOnly } from '@/components/ui/clientOnly';

const loadOverlayPanel = () => import('./OverlayPanel');

/**
 * OverlayPanel, loaded on demand: Radix's dialog and popover (about 24 kB gzipped) stay out of a listing's
 * first load, which has to come in before the page can be used on a slow phone.
 */
export const LazyOverlayPanel = clientOnly(() => loadOverlayPanel().then((m) => m.default));

/**
 * The page's half of a LazyOverlayPanel: the props of the button that toggles it (which starts loading the
 * panel, and `preload` when the panel's content is lazy too, as soon as a visitor points at, touches or tabs to
 * it), and whether the panel has been opened yet. It is mounted from its first opening on, so that Radix closes
 * it as it always does.
 */
export function useOverlayTrigger(
  open: boolean,
  onOpenChange: (open: boolean) => void,
  preload?: () => Promise<unknown>,
) {
  const ref = useRef<HTMLButtonElement>(null);
  const [mounted, setMounted] = useState(open);
  if (open && !mounted) setMounted(true);
  const load = () => {
    void loadOverlayPanel();
    void preload?.();
  };
  return {
    mounted,
    ref,
    triggerProps: {
      ref,
      type: 'button',
      'aria-haspopup': 'dialog',
      'aria-expanded': open,
      onClick: () => onOpenChange(!open),
      onPointerEnter: load,
      onPointerDown: load,
      onFocus: load,
    } as const,
  };
}
