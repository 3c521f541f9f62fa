'use client';

import { useTranslations } from 'next-intl';
import { HeartIcon } from '@/components/ui/icons/HeartIcon';
import { useFavourite } from './useFavourite';
import styles from './FavouriteButton.module.css';

/**
 * The heart: saves an idea to favourites or removes it (`aria-pressed` says which). On a card it is a round icon
 * over the cover named after the idea; on the idea page a labelled button beside "Share".
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
  const { pressed, toggle } = useFavourite(id, hid);
  return (
    <button
      type="button"
      className={variant === 'card' ? styles.card : styles.page}
      aria-pressed={pressed}
      aria-label={variant === 'card' ? t('saveIdea', { title }) : undefined}
      onClick={toggle}
    >
      <HeartIcon width={variant === 'card' ? 22 : 18} height={variant === 'card' ? 22 : 18} />
      {variant === 'page' ? t('save') : null}
    </button>
  );
}
