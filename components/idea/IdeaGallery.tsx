'use client';

import { useRef, useState, type KeyboardEvent } from 'react';
import { clientOnly } from '@/components/ui/clientOnly';
import { useTranslations } from 'next-intl';
import { optimizedImageProps } from '@/lib/images/optimized';
import styles from './IdeaGallery.module.css';
import { PhotoNav, slideInView, stepByArrowKey } from './PhotoNav';

const THUMB_WIDTH = 200;

// The full-screen view loads on its first opening: the idea page's first load does not carry it.
const Lightbox = clientOnly(() => import('./Lightbox').then((m) => m.Lightbox));

export interface GalleryPhoto {
  id: number;
  src: string;
  width: number;
  height: number;
}

/**
 * The idea's photos: a strip that swipes on phones (scroll snap), with previous/next buttons, arrow keys
 * and thumbnails. The first photo is the page's largest paint and loads first. A photo or a thumbnail opens the
 * photos full screen (Lightbox).
 */
export function IdeaGallery({ photos, title }: { photos: GalleryPhoto[]; title: string }) {
  const t = useTranslations('idea');
  const strip = useRef<HTMLUListElement>(null);
  const [current, setCurrent] = useState(0);
  const [fullScreen, setFullScreen] = useState<number | null>(null);
  // What opened the lightbox gets the focus back: it unmounts on closing, so Radix has nothing to return from.
  const opener = useRef<HTMLElement | null>(null);
  const openFullScreen = (index: number, from: HTMLElement) => {
    opener.current = from;
    setFullScreen(index);
  };

  const show = (index: number) => {
    const target = Math.max(0, Math.min(photos.length - 1, index));
    const node = strip.current?.children[target] as HTMLElement | undefined;
    strip.current?.scrollTo({ left: node?.offsetLeft ?? 0, behavior: 'smooth' });
    setCurrent(target);
  };

  const onScroll = () => {
    const index = slideInView(strip.current);
    if (index !== null) setCurrent(index);
  };

  const onKeyDown = (event: KeyboardEvent) => void stepByArrowKey(event, current, show);

  if (photos.length === 0) return <div className={styles.empty}>{t('noPhotos')}</div>;

  return (
    <section className={styles.gallery} aria-roledescription="carousel" aria-label={t('gallery')} onKeyDown={onKeyDown}>
      <div className={styles.viewport}>
        <ul
          ref={strip}
          className={styles.strip}
          onScroll={onScroll}
          tabIndex={0}
          aria-label={t('photoOf', { index: current + 1, total: photos.length })}
        >
          {photos.map((photo, index) => (
            <li
              key={photo.id}
              className={styles.slide}
              aria-roledescription="slide"
              aria-label={t('photoOf', { index: index + 1, total: photos.length })}
            >
              <button
                type="button"
                className={styles.open}
                onClick={(event) => openFullScreen(index, event.currentTarget)}
                aria-label={t('openPhoto', { index: index + 1, total: photos.length })}
              >
                {/* eslint-disable-next-line @next/next/no-img-element -- optimizedImageProps gives the optimizer's srcset */}
                <img
                  alt={index === 0 ? title : ''}
                  {...optimizedImageProps({
                    src: photo.src,
                    width: photo.width,
                    height: photo.height,
                    sizes: '(max-width: 767px) 100vw, (max-width: 1199px) 66vw, 780px',
                    loading: index === 0 ? 'eager' : 'lazy',
                    fetchPriority: index === 0 ? 'high' : undefined,
                  })}
                />
              </button>
            </li>
          ))}
        </ul>
        {photos.length > 1 ? (
          <>
            <PhotoNav current={current} total={photos.length} show={show} styles={styles} iconSize={22} />
            <p className={styles.counter} aria-hidden="true">
              {current + 1} / {photos.length}
            </p>
          </>
        ) : null}
      </div>
      {photos.length > 1 ? (
        <ul className={styles.thumbs}>
          {photos.map((photo, index) => (
            <li key={photo.id}>
              <button
                type="button"
                onClick={(event) => {
                  show(index);
                  openFullScreen(index, event.currentTarget);
                }}
                aria-label={t('openPhoto', { index: index + 1, total: photos.length })}
                aria-current={index === current || undefined}
                className={styles.thumb}
              >
                {/* Thumbnails show only from 768 px up, about 200 px wide: a fixed width lists two candidates instead of every size. */}
                {/* eslint-disable-next-line @next/next/no-img-element -- optimizedImageProps gives the optimizer's srcset */}
                <img
                  alt=""
                  {...optimizedImageProps({ src: photo.src, width: THUMB_WIDTH, height: (THUMB_WIDTH * 3) / 4 })}
                />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {fullScreen !== null ? (
        <Lightbox
          photos={photos}
          title={title}
          start={fullScreen}
          onClose={(index) => {
            setFullScreen(null);
            show(index);
            requestAnimationFrame(() => opener.current?.focus({ preventScroll: true }));
          }}
        />
      ) : null}
    </section>
  );
}
