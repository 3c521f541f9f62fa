import { useLocale, useTranslations } from 'next-intl';
import { formatRating } from '@/lib/reviews/rules';
import { Stars } from './Stars';
import styles from './Reviews.module.css';

/** "4.8 ★★★★★ 23 отзыва", read out as one sentence: an idea's reviews and a guide's header. */
export function RatingSummary({ rating, count }: { rating: number; count: number }) {
  const t = useTranslations('reviews');
  const locale = useLocale();
  return (
    <p className={styles.summary} data-testid="rating-summary">
      <span className={styles.summaryRating} aria-hidden="true">
        {formatRating(rating, locale)}
      </span>
      <Stars rating={rating} size="large" />
      <span aria-hidden="true">{t('count', { count })}</span>
      <span className="visually-hidden">{t('ratingLabel', { rating: formatRating(rating, locale), count })}</span>
    </p>
  );
}
