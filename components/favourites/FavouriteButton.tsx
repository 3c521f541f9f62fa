'use client';

import { useCallback, useRef, useState, useSyncExternalStore } from 'react';
import { useTranslations } from 'next-intl';
import { clientOnly, loadWhenIdle } from '@/components/ui/clientOnly';
import { HeartIcon } from '@/components/ui/icons/HeartIcon';
import styles from './FavouriteButton.module.css';

// Whether ideas are saved (the account's list or the browser's) and saving them: off the pages' first load.
const FavouriteState = clientOnly(() => import('./FavouriteState').then((m) => m.FavouriteState));

/** Every heart of the page wants its state once the page is idle, or as soon as a visitor reaches for one. */
let wanted = false;
const listeners = new Set<() => void>();
function want() {
  if (wanted) return;
  wanted = true;
  listeners.forEach((listener) => listener());
}
function subscribe(listener: () => void) {
  listeners.add(listener);
  if (listeners.size === 1 && !wanted) loadWhenIdle(async () => want());
  return () => void listeners.delete(listener);
}

/**
 * The heart: saves an idea to favourites or removes it (`aria-pressed` says which). On a card it is a round icon
 * over the cover named after the idea; on the idea page a labelled button beside "Share". A click before its
 * behaviour has come is made once it has; the button stays the same element, so the focus stays on it.
 */
export function FavouriteButton({
  id,
  hid,
  title,
  variant = 'card',
}: {
  id: number;
  hid: string;
  title: string;
  variant?: 'card' | 'page';
}) {
  const t = useTranslations('favourites');
  const stateWanted = useSyncExternalStore(
    subscribe,
    () => wanted,
    () => false,
  );
  const [pressed, setPressed] = useState(false);
  const toggle = useRef<(() => void) | null>(null);
  const clicked = useRef(false);
  const onChange = useCallback((next: boolean, nextToggle: () => void) => {
    setPressed(next);
    toggle.current = nextToggle;
    if (!clicked.current) return;
    clicked.current = false;
    nextToggle();
  }, []);
  const click = () => {
    if (toggle.current) return toggle.current();
    clicked.current = true;
    want();
  };
  return (
    <button
      type="button"
      className={variant === 'card' ? styles.card : styles.page}
      aria-pressed={pressed}
      aria-label={variant === 'card' ? t('saveIdea', { title }) : undefined}
      onClick={click}
      onPointerEnter={want}
      onFocus={want}
      onTouchStart={want}
    >
      <HeartIcon width={variant === 'card' ? 22 : 18} height={variant === 'card' ? 22 : 18} />
      {variant === 'page' ? t('save') : null}
      {stateWanted ? <FavouriteState id={id} hid={hid} onChange={onChange} /> : null}
    </button>
  );
}
