'use client';

import type { KeyboardEvent } from 'react';
import { useTranslations } from 'next-intl';
import { ChevronLeftIcon } from '@/components/ui/icons/ChevronLeftIcon';
import { ChevronRightIcon } from '@/components/ui/icons/ChevronRightIcon';

/** The previous/next buttons over a strip of photos (the gallery and the lightbox, each with its own look). */
export function PhotoNav({
  current,
  total,
  show,
  styles,
  iconSize,
}: {
  current: number;
  total: number;
  show: (index: number) => void;
  styles: { readonly [name: string]: string };
  iconSize: number;
}) {
  const t = useTranslations('idea');
  return (
    <>
      <button
        type="button"
        className={`${styles.nav} ${styles.prev}`}
        onClick={() => show(current - 1)}
        disabled={current === 0}
        aria-label={t('previousPhoto')}
      >
        <ChevronLeftIcon width={iconSize} height={iconSize} />
      </button>
      <button
        type="button"
        className={`${styles.nav} ${styles.next}`}
        onClick={() => show(current + 1)}
        disabled={current === total - 1}
        aria-label={t('nextPhoto')}
      >
        <ChevronRightIcon width={iconSize} height={iconSize} />
      </button>
    </>
  );
}

/** The arrow keys move one photo; true when the key was one of them (and the event is handled). */
export function stepByArrowKey(event: KeyboardEvent, current: number, show: (index: number) => void) {
  if (event.key === 'ArrowRight') show(current + 1);
  else if (event.key === 'ArrowLeft') show(current - 1);
  else return false;
  event.preventDefault();
  return true;
}

/** The photo a swiped strip of full-width slides stands on, or null while it has no width. */
export function slideInView(strip: HTMLElement | null) {
  if (!strip || strip.clientWidth === 0) return null;
  return Math.round(strip.scrollLeft / strip.clientWidth);
}
