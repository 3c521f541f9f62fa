'use client';

import Image from 'next/image';
import { useLocale, useTranslations } from 'next-intl';
import { AppLink } from '@/components/ui/AppLink';
import type { IdeaMarker } from '@/lib/contract/markers';
import { formatMoney } from '@/lib/format/money';
import type { AppLocale } from '@/lib/i18n/locales';
import { formatRating } from '@/lib/reviews/rules';
import styles from './Map.module.css';

/** The small card a pin opens: cover, title (the link to the idea), price and rating. */
export function MarkerCard({ marker }: { marker: IdeaMarker }) {
  const t = useTranslations('ideas');
  const tr = useTranslations('reviews');
  const locale = useLocale() as AppLocale;
  return (
    <article className={styles.card}>
      {marker.cover_url ? (
        <Image src={marker.cover_url} alt="" width={233} height={175} sizes="240px" className={styles.cardCover} />
      ) : null}
      <h3 className={styles.cardTitle}>
        <AppLink href={`/go/${marker.hid}`} data-card-link="">
          {marker.title}
        </AppLink>
      </h3>
      <p className={styles.cardFacts}>
        <span>
          {marker.price === null
            ? t('priceOnRequest')
            : t('priceFrom', { price: formatMoney(marker.price, marker.currency, locale) })}
        </span>
        {marker.rating !== null && marker.reviews_count > 0 ? (
          <span>
            <span aria-hidden="true">
              {tr('cardRating', { rating: formatRating(marker.rating, locale), count: marker.reviews_count })}
            </span>
            <span className="visually-hidden">
              {tr('ratingLabel', { rating: formatRating(marker.rating, locale), count: marker.reviews_count })}
            </span>
          </span>
        ) : null}
      </p>
    </article>
  );
}
