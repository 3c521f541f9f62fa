'use client';

import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslations } from 'next-intl';
import { ChevronLeftIcon } from '@/components/ui/icons/ChevronLeftIcon';
import { ChevronRightIcon } from '@/components/ui/icons/ChevronRightIcon';
import styles from './HomeSections.module.css';

/**
 * Previous/next buttons over a home row (desktop only: phones swipe), so a mouse or keyboard user reaches every
 * card. A button shows only when there is more in its direction; when the focused one hides, focus moves to the
 * other. The row (the first `ul` inside) may be replaced, e.g. skeletons by cards, so it is looked up each time.
 */
export function RowScroller({ section, children }: { section: string; children: ReactNode }) {
  const t = useTranslations('home');
  const frame = useRef<HTMLDivElement>(null);
  const previous = useRef<HTMLButtonElement>(null);
  const next = useRef<HTMLButtonElement>(null);
  const [more, setMore] = useState({ before: false, after: false });

  useEffect(() => {
    const element = frame.current!;
    const update = () => {
      const row = element.querySelector('ul');
      const before = row !== null && row.scrollLeft > 1;
      const after = row !== null && row.scrollLeft + row.clientWidth < row.scrollWidth - 1;
      if (!before && document.activeElement === previous.current) next.current?.focus();
      if (!after && document.activeElement === next.current) previous.current?.focus();
      setMore((old) => (old.before === before && old.after === after ? old : { before, after }));
    };
    update();
    element.addEventListener('scroll', update, { capture: true, passive: true });
    const resized = new ResizeObserver(update);
    resized.observe(element);
    const changed = new MutationObserver(update);
    changed.observe(element, { childList: true, subtree: true });
    return () => {
      element.removeEventListener('scroll', update, { capture: true });
      resized.disconnect();
      changed.disconnect();
    };
  }, []);

  const scroll = (direction: 1 | -1) => {
    const row = frame.current?.querySelector('ul');
    if (!row) return;
    const smooth = !window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    row.scrollBy({ left: direction * row.clientWidth * 0.9, behavior: smooth ? 'smooth' : 'auto' });
  };

  return (
    <div ref={frame} className={styles.rowFrame}>
      {children}
      <button
        ref={previous}
        type="button"
        className={`${styles.arrow} ${styles.arrowPrevious}`}
        data-only="desktop"
        hidden={!more.before}
        aria-label={t('previousOf', { section })}
        onClick={() => scroll(-1)}
      >
        <ChevronLeftIcon width={22} height={22} />
      </button>
      <button
        ref={next}
        type="button"
        className={`${styles.arrow} ${styles.arrowNext}`}
        data-only="desktop"
        hidden={!more.after}
        aria-label={t('nextOf', { section })}
        onClick={() => scroll(1)}
      >
        <ChevronRightIcon width={22} height={22} />
      </button>
    </div>
  );
}
