'use client';

import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import Image from 'next/image';
import { useTranslations } from 'next-intl';
import { CloseIcon } from '@/components/ui/icons/CloseIcon';
import type { GalleryPhoto } from './IdeaGallery';
import styles from './Lightbox.module.css';
import { PhotoNav, slideInView, stepByArrowKey } from './PhotoNav';

/**
 * DESIGN.md lightbox: the photos full screen on black, fitted, with a counter, arrows on desktop, swipe (scroll
 * snap) and the browser's own pinch-zoom on phones, Esc and a close button. Radix gives the focus back to the
 * thumbnail or photo that opened it. Loaded only when opened (IdeaGallery imports it on demand).
 */
export function Lightbox({
  photos,
  title,
  start,
  onClose,
}: {
  photos: GalleryPhoto[];
  title: string;
  start: number;
  onClose: (index: number) => void;
}) {
  const t = useTranslations('idea');
  const strip = useRef<HTMLUListElement>(null);
  const [current, setCurrent] = useState(start);

  const show = (index: number, behavior: ScrollBehavior = 'smooth') => {
    const target = Math.max(0, Math.min(photos.length - 1, index));
    const node = strip.current;
    node?.scrollTo({ left: target * node.clientWidth, behavior });
    setCurrent(target);
  };

  // Opens on the photo that was clicked, without an animation from the first one.
  useEffect(() => {
    const node = strip.current;
    node?.scrollTo({ left: start * node.clientWidth, behavior: 'instant' });
  }, [start]);

  const onScroll = () => {
    const index = slideInView(strip.current);
    if (index !== null) setCurrent(index);
  };

  const onKeyDown = (event: KeyboardEvent) => {
    // The gallery behind (an ancestor in React's tree, through the portal) would move too.
    if (stepByArrowKey(event, current, show)) event.stopPropagation();
  };

  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose(current)}>
      <Dialog.Portal>
        <Dialog.Overlay className={styles.overlay} />
        <Dialog.Content className={styles.content} onKeyDown={onKeyDown} aria-describedby={undefined}>
          <Dialog.Title className={styles.title}>{title}</Dialog.Title>
          <p className={styles.counter} aria-live="polite">
            <span aria-hidden="true">
              {current + 1} / {photos.length}
            </span>
            <span className="visually-hidden">{t('photoOf', { index: current + 1, total: photos.length })}</span>
          </p>
          <Dialog.Close className={styles.close} aria-label={t('closePhotos')}>
            <CloseIcon width={24} height={24} />
          </Dialog.Close>
          <ul
            ref={strip}
            className={styles.strip}
            onScroll={onScroll}
            // A scroller is reachable by keyboard (arrow keys move it too).
            tabIndex={0}
            aria-label={t('gallery')}
          >
            {photos.map((photo, index) => (
              <li key={photo.id} className={styles.slide} aria-hidden={index !== current || undefined}>
                <Image
                  src={photo.src}
                  alt={t('photoOf', { index: index + 1, total: photos.length })}
                  fill
                  sizes="100vw"
                  className={styles.photo}
                  loading={Math.abs(index - start) <= 1 ? 'eager' : 'lazy'}
                />
              </li>
            ))}
          </ul>
          {photos.length > 1 ? (
            <PhotoNav current={current} total={photos.length} show={show} styles={styles} iconSize={28} />
          ) : null}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
